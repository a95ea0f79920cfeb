import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillForms } from '../core/forms/render-form.ts';
import { build } from '../generator/build.ts';
import type { Mailer, OutgoingMail } from '../runtime/mail/mailer.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import { assetPath } from '../generator/render/asset-names.ts';
import { createApp, type AppOptions } from '../server/app.ts';
import { writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/**
 * The four endpoints answering the site's own forms without JavaScript: a form post
 * (application/x-www-form-urlencoded) goes through the same steps as a JSON body, and is
 * answered as a browser needs: 303 to a thank-you page, or the contact page again with
 * the form as it was sent and what went wrong next to each field.
 */
let dist: string;

beforeAll(async () => {
  const root = await temporaryDirectory('form-posts-');
  await writeSyntheticCorpus(path.join(root, 'content'), 1);
  dist = path.join(root, 'dist');
  await build({ contentDir: path.join(root, 'content'), outDir: dist });
});

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

async function setup(options: Partial<AppOptions> = {}) {
  const dataDir = await temporaryDirectory('data-');
  const app = await createApp({ distDir: dist, dataDir, trustProxy: true, ...options });
  const store = createFileStore(path.join(dataDir, 'store'));
  const send = (
    endpoint: string,
    body: BodyInit,
    headers: Record<string, string> = {},
    client = '198.51.100.20',
  ) =>
    app(
      new Request(`http://local${endpoint}`, {
        method: 'POST',
        headers: { 'X-Forwarded-For': client, ...headers },
        body,
        duplex: 'half',
      } as RequestInit),
      { remoteAddress: '127.0.0.1' },
    );
  /** As a browser posts a form: urlencoded, from a page of the same origin. */
  const submit = (
    endpoint: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
    client?: string,
  ) =>
    send(
      endpoint,
      new URLSearchParams(fields).toString(),
      { ...FORM, 'Sec-Fetch-Site': 'same-origin', Origin: 'http://local', ...headers },
      client,
    );
  const json = (endpoint: string, body: unknown, client?: string) =>
    send(endpoint, JSON.stringify(body), { 'Content-Type': 'application/json' }, client);
  const stored = async () =>
    (
      await Promise.all(['contact/', 'signups/', 'outbox/', 'spam/'].map((p) => store.list(p)))
    ).flat();
  return { app, store, send, submit, json, stored };
}

/** A form page answer: HTML under the site's CSP, never stored, with the status the JSON answer has. */
async function formPage(res: Response, status: number): Promise<string> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  expect(res.headers.get('cache-control')).toBe('no-store');
  const html = await res.text();
  expect(html).toMatch(/^<!doctype html>/);
  expect(html).toMatch(/<title>Error: /);
  return html;
}

/** The markup of one form of a page, by its id. */
const formOf = (html: string, id: string) =>
  [...html.matchAll(/<form [^>]*id="([^"]+)"[\s\S]*?<\/form>/g)].find((m) => m[1] === id)?.[0] ??
  '';
/** The start tag of the control with this id. */
const control = (html: string, id: string) =>
  new RegExp(`<(?:input|textarea|select) id="${id}"[^>]*>`).exec(html)?.[0] ?? '';

const memoryMailer = (keep: (mail: OutgoingMail) => unknown): Mailer => ({
  description: 'memory',
  sendTimeoutMs: 1_000,
  send: async (m) => void keep(m),
});

const contactFields = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical',
  phone: '+44 20 7946 0000',
  inquiryType: 'sales',
  message: 'First line\r\nSecond line',
  website: '',
  source: 'contact-page',
};

describe('a form post that is accepted', () => {
  it("is answered 303 See Other to the form's thank-you page, for every form", async () => {
    const { submit } = await setup();
    for (const [endpoint, kind] of [
      ['/api/newsletter', 'newsletter'],
      ['/api/waitlist', 'waitlist'],
      ['/api/sandbox-early-access', 'sandbox-early-access'],
    ]) {
      const res = await submit(endpoint!, {
        email: 'grace@example.com',
        website: '',
        source: 'contact-page',
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/contact/thanks/${kind}/`);
      expect(await res.text()).toBe('');
    }
    const res = await submit('/api/contact', contactFields);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact/thanks/contact/');
  });

  it('stores the submission as the same message sent as JSON, line breaks read as LF', async () => {
    const mails: OutgoingMail[] = [];
    const form = await setup({ mailer: memoryMailer((m) => mails.push(m)) });
    expect((await form.submit('/api/contact', contactFields)).status).toBe(303);
    const asJson = await setup();
    const { website: _trap, ...fields } = contactFields;
    expect(
      (await asJson.json('/api/contact', { ...fields, message: 'First line\nSecond line' })).status,
    ).toBe(200);
    const record = async (store: typeof form.store) => {
      const [key] = await store.list('contact/');
      const {
        id: _id,
        receivedAt: _at,
        ...rest
      } = (await store.get<Record<string, unknown>>(key!))!.value;
      return rest;
    };
    expect(await record(form.store)).toEqual(await record(asJson.store));
    expect(await record(form.store)).toMatchObject({
      name: 'Ada Lovelace',
      inquiryType: 'sales',
      message: 'First line\nSecond line',
      source: 'contact-page',
    });
    expect(mails.map((m) => m.to).sort()).toEqual(['ada@example.com', 'hello@detour.example']);
    const { signupKey } = await import('../runtime/submissions/accept-submission.ts');
    expect(
      (await form.submit('/api/waitlist', { email: 'Grace@Example.com', source: 'home' })).status,
    ).toBe(303);
    expect(
      (await form.store.get<{ email: string; source: string; list: string }>(
        signupKey('waitlist', 'grace@example.com'),
      ))!.value,
    ).toMatchObject({ email: 'Grace@Example.com', source: 'home', list: 'waitlist' });
  });

  it("takes a message at the form's limit in CJK text: 5,000 characters are about 45 KB percent-encoded", async () => {
    const { submit, store } = await setup();
    const fields = { ...contactFields, message: `${'漢'.repeat(4_998)}\r\n字` };
    expect(Buffer.byteLength(new URLSearchParams(fields).toString())).toBeGreaterThan(45_000);
    expect((await submit('/api/contact', fields)).status).toBe(303);
    expect(await store.list('contact/')).toHaveLength(1);
  });

  it('answers a bot that filled the honeypot as it answers a person, and keeps it apart without mailing anyone', async () => {
    const mails: unknown[] = [];
    const { submit, store } = await setup({ mailer: memoryMailer((m) => mails.push(m)) });
    const res = await submit('/api/contact', { ...contactFields, website: 'http://spam.example' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact/thanks/contact/');
    expect(await store.list('contact/')).toEqual([]);
    expect(await store.list('spam/')).toHaveLength(1);
    expect(mails).toEqual([]);
  });
});

describe('a form post that is refused', () => {
  it('shows the contact page again: the error next to the email field, everything typed kept and escaped, nothing stored', async () => {
    const { submit, stored } = await setup();
    const typed = {
      ...contactFields,
      name: '<script>alert(1)</script> "Ada" & co',
      email: 'ada@localhost',
      message: 'Line one\r\n</textarea><script>x()</script>',
    };
    const html = await formPage(await submit('/api/contact', typed), 400);
    const form = formOf(html, 'contact');
    expect(control(form, 'contact-email')).toMatch(
      /aria-invalid="true" aria-describedby="contact-email-error"/,
    );
    expect(control(form, 'contact-email')).toContain('value="ada@localhost"');
    expect(form).toMatch(
      /<label for="contact-email">[\s\S]*?<\/label><p class="field-error" id="contact-email-error"><span class="visually-hidden">Error: <\/span>Enter an email address in the form name@example.com<\/p><input id="contact-email"/,
    );
    // The summary at the top of the form, focused on load, links to the field.
    expect(form).toMatch(
      /^<form [^>]*>\s*<div class="error-summary" id="contact-problems" tabindex="-1" autofocus/,
    );
    expect(form).toContain(
      '<a href="#contact-email">Enter an email address in the form name@example.com</a>',
    );
    // What was typed, escaped: no markup of the sender's reaches the page.
    expect(control(form, 'contact-name')).toContain(
      'value="&lt;script&gt;alert(1)&lt;/script&gt; &quot;Ada&quot; &amp; co"',
    );
    expect(control(form, 'contact-company')).toContain('value="Analytical"');
    expect(control(form, 'contact-phone')).toContain('value="+44 20 7946 0000"');
    expect(form).toContain('<option value="sales" selected>');
    expect(form).toContain(
      'maxlength="5000">\nLine one\n&lt;/textarea&gt;&lt;script&gt;x()&lt;/script&gt;</textarea>',
    );
    expect(html).not.toContain('<script>alert(1)');
    // The page's own scripts only: what was typed never becomes one.
    expect(html.match(/<script[^>]*>/g)).toEqual([
      `<script type="module" src="${assetPath('forms.js')}">`,
      `<script type="module" src="${assetPath('search-box.js')}">`,
    ]);
    // Only the field at fault is marked, and only this form.
    expect(html.match(/aria-invalid/g)).toHaveLength(1);
    for (const other of ['newsletter', 'waitlist', 'sandbox'])
      expect(formOf(html, other)).not.toContain('error');
    expect(await stored()).toEqual([]);
  });

  it('names every field at fault: a missing name and a bad address at once', async () => {
    const { submit } = await setup();
    const html = await formPage(
      await submit('/api/contact', { ...contactFields, name: ' ', email: 'not an address' }),
      400,
    );
    const form = formOf(html, 'contact');
    expect(control(form, 'contact-name')).toMatch(
      /aria-invalid="true" aria-describedby="contact-name-error"/,
    );
    expect(form).toContain(
      '<p class="field-error" id="contact-name-error"><span class="visually-hidden">Error: </span>Enter your name</p>',
    );
    expect(form.match(/<li><a href="#contact-(name|email)">/g)).toEqual([
      '<li><a href="#contact-name">',
      '<li><a href="#contact-email">',
    ]);
    expect(control(form, 'contact-email')).toContain('value="not an address"');
  });

  it('shows a missing address next to the sign-up form it was sent from', async () => {
    const { submit } = await setup();
    const html = await formPage(
      await submit('/api/sandbox-early-access', { email: '', website: '', source: 'contact-page' }),
      400,
    );
    expect(control(formOf(html, 'sandbox'), 'sandbox-email')).toMatch(
      /aria-describedby="sandbox-email-error"/,
    );
    expect(formOf(html, 'sandbox')).toContain('Enter your email address');
    expect(formOf(html, 'contact')).not.toContain('error-summary');
  });

  it("answers the JSON client as before: the first field at fault, in the contract's Error object", async () => {
    const { json } = await setup();
    const res = await json('/api/contact', { name: 'A', email: 'bad', message: 'x'.repeat(5001) });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await res.json()) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['code', 'docs', 'error', 'hint', 'message']);
    expect(body.code).toBe('invalid_request');
    expect(body.message).toContain('"message" is 5001 characters long');
    expect(
      (
        (await (await json('/api/newsletter', { email: 'ada@localhost' })).json()) as {
          code: string;
        }
      ).code,
    ).toBe('invalid_email');
  });

  it('says when to send again after the sender limit, keeping what was typed (429 with Retry-After)', async () => {
    const now = Date.parse('2026-11-01T10:00:00Z');
    const { submit, json } = await setup({ now: () => now });
    // The limit counts JSON and form posts alike.
    for (let i = 0; i < 3; i++)
      expect(
        (await json('/api/newsletter', { email: `n${i}@example.com` }, '198.51.100.30')).status,
      ).toBe(200);
    for (let i = 0; i < 2; i++)
      expect(
        (await submit('/api/waitlist', { email: `w${i}@example.com` }, {}, '198.51.100.30')).status,
      ).toBe(303);
    const res = await submit(
      '/api/contact',
      { ...contactFields, message: 'Still here?' },
      {},
      '198.51.100.30',
    );
    expect(res.headers.get('retry-after')).toBe('600');
    const html = await formPage(res, 429);
    const form = formOf(html, 'contact');
    expect(form).toContain('Too many forms sent');
    expect(form).toContain(
      'Please wait about 10 minutes (until 10:10 UTC), then send it again: what you typed is still in the form.',
    );
    expect(control(form, 'contact-name')).toContain('value="Ada Lovelace"');
    expect(form).toContain('>\nStill here?</textarea>');
  });

  it("refuses bodies over 64 KiB with 413 as a page, declared (unread) or streamed, without spending the sender's budget", async () => {
    const { send, submit } = await setup();
    const client = '198.51.100.40';
    for (let i = 0; i < 6; i++) {
      let pulled = 0;
      const endless = new ReadableStream({
        pull(controller) {
          pulled++;
          controller.enqueue(new TextEncoder().encode(`message=${'x'.repeat(16_384)}`));
        },
      });
      const declared = await send(
        '/api/contact',
        'email=a%40example.com',
        { ...FORM, 'Content-Length': String(1024 * 1024) },
        client,
      );
      expect((await formPage(declared, 413)).includes('The form is too large')).toBe(true);
      const streamed = await send('/api/contact', endless, FORM, client);
      expect(await formPage(streamed, 413)).toContain(
        'What you sent is larger than the form can hold',
      );
      expect(pulled).toBeLessThan(8);
    }
    for (let i = 0; i < 5; i++)
      expect(
        (await submit('/api/newsletter', { email: `b${i}@example.com` }, {}, client)).status,
      ).toBe(303);
  });

  it('refuses bytes that are not UTF-8 with 400 as a page', async () => {
    const { send, stored } = await setup();
    const latin1 = Buffer.concat([
      Buffer.from('name=Jos'),
      Buffer.from([0xe9]),
      Buffer.from('&email=a%40example.com'),
    ]);
    expect(await formPage(await send('/api/contact', latin1, FORM), 400)).toContain('not UTF-8');
    expect(await stored()).toEqual([]);
  });

  it('keeps a message saved when mail is not configured, and says so rather than inviting it again (500)', async () => {
    expect(process.env.SMTP_URL).toBeUndefined();
    const { submit, store } = await setup({ requireSmtp: true });
    const form = formOf(
      await formPage(await submit('/api/contact', contactFields), 500),
      'contact',
    );
    expect(form).toContain('Your message is saved');
    expect(form).toContain('Please do not send it again.');
    expect(control(form, 'contact-name')).not.toContain('value=');
    expect(await store.list('contact/')).toHaveLength(1);
  });
});

describe('form posts from other sites', () => {
  it("refuses them with 403 before reading or counting anything, and accepts the site's own and non-browser clients", async () => {
    const { send, submit, stored } = await setup();
    const client = '198.51.100.50';
    const crossSite: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'same-site', Origin: 'https://www.local' },
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
    ];
    for (const headers of crossSite) {
      const res = await send(
        '/api/newsletter',
        'email=victim%40example.com',
        { ...FORM, ...headers },
        client,
      );
      expect(await formPage(res, 403)).toContain('This form came from another website');
    }
    expect(await stored()).toEqual([]);
    // An older browser on this site (Origin only), and a client that is no browser page at all (neither header).
    const plain = async (headers: Record<string, string>) => {
      const { send } = await setup();
      return send('/api/newsletter', 'email=ada%40example.com', { ...FORM, ...headers }, client);
    };
    expect((await plain({ Origin: 'http://local' })).status).toBe(303);
    expect((await plain({})).status).toBe(303);
    expect((await plain({ 'Sec-Fetch-Site': 'none' })).status).toBe(303);
    for (let i = 0; i < 5; i++)
      expect(
        (await submit('/api/newsletter', { email: `c${i}@example.com` }, {}, client)).status,
      ).toBe(303);
  });
});

describe('the page a form post is answered with', () => {
  it('is the contact page the build writes, with the same forms in the same places', async () => {
    const template = await readFile(path.join(dist, '_data', 'contact-page.html'), 'utf8');
    const page = await readFile(path.join(dist, 'contact', 'index.html'), 'utf8');
    expect(fillForms(template)).toBe(page);
    for (const id of ['contact', 'newsletter', 'waitlist', 'sandbox'])
      expect(formOf(page, id)).toMatch(
        new RegExp(`^<form class="api-form" id="${id}" method="post" action="/api/`),
      );
    expect(page).not.toContain('<!--form:');
    expect(page).not.toContain('autofocus');
  });
});
