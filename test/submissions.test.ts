import { spawn } from 'node:child_process';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../generator/build.ts';
import {
  createFileMailer,
  createSmtpMailer,
  type Mailer,
  type OutgoingMail,
} from '../runtime/mail/mailer.ts';
import { pendingOutbox, requeueUncertain, retryOutbox } from '../runtime/submissions/outbox.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import { createApp, type AppOptions } from '../server/app.ts';
import { openApiValidator } from './support/openapi-validator.ts';
import { startSmtpSink } from './support/smtp-sink.ts';
import { writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

let dist: string;
let validate: ReturnType<typeof openApiValidator>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  const root = await temporaryDirectory('submissions-');
  await writeSyntheticCorpus(path.join(root, 'content'), 2);
  dist = path.join(root, 'dist');
  await build({ contentDir: path.join(root, 'content'), outDir: dist });
  validate = openApiValidator(
    JSON.parse(await readFile(path.join(dist, 'api/v1/openapi.json'), 'utf8')),
  );
  smtp = await startSmtpSink();
});
afterAll(() => smtp.close());

const ENDPOINTS = ['/api/contact', '/api/newsletter', '/api/waitlist', '/api/sandbox-early-access'];

/** An app with its own data directory; every request from the given client address. */
async function setup(options: Partial<AppOptions> = {}) {
  const dataDir = await temporaryDirectory('data-');
  const app = await createApp({ distDir: dist, dataDir, trustProxy: true, ...options });
  const store = createFileStore(path.join(dataDir, 'store'));
  const post = (
    endpoint: string,
    body: unknown,
    init: { client?: string; headers?: Record<string, string>; raw?: BodyInit } = {},
  ) =>
    app(
      new Request(`http://local${endpoint}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': init.client ?? '198.51.100.7',
          ...init.headers,
        },
        body: init.raw ?? JSON.stringify(body),
        duplex: 'half',
      } as RequestInit),
      { remoteAddress: '127.0.0.1' },
    );
  const stored = async () =>
    (
      await Promise.all(['contact/', 'signups/', 'outbox/', 'spam/'].map((p) => store.list(p)))
    ).flat();
  return { app, store, post, stored, dataDir };
}

async function expectError(
  response: Response,
  status: number,
  code: string,
  operation = '/api/contact',
) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as {
    code: string;
    hint: string;
    error: string;
    message: string;
  };
  expect(body.code).toBe(code);
  expect(body.hint.length).toBeGreaterThan(10);
  expect(body.error).toBe(body.message);
  expect(validate('POST', operation, status, body)).toEqual([]);
  return body;
}

/** A mailer that keeps what it is given; `keep` sees every mail. */
const memoryMailer = (keep: (mail: OutgoingMail) => unknown): Mailer => ({
  description: 'memory',
  sendTimeoutMs: 1_000,
  send: async (m) => void keep(m),
});

const contact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical',
  message: 'Hello there',
  inquiryType: 'sales',
};

describe('contact over real SMTP', () => {
  it('stores the message and delivers it to the team and an acknowledgement to the sender', async () => {
    const before = smtp.received.length;
    const { post, store } = await setup({ mailer: createSmtpMailer(smtp.url) });
    const res = await post('/api/contact', { ...contact, extra: 'ignored' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true });
    expect(validate('POST', '/api/contact', 200, body)).toEqual([]);
    const mails = smtp.received.slice(before);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['ada@example.com', 'hello@detour.example']);
    const team = mails.find((m) => m.to[0] === 'hello@detour.example')!;
    expect(team.raw).toMatch(/^Reply-To: ada@example\.com\r?$/m);
    expect(team.raw).toContain('Hello there');
    const [key] = await store.list('contact/');
    expect((await store.get<{ name: string; extra?: string }>(key!))!.value).toMatchObject({
      name: 'Ada Lovelace',
    });
    expect((await store.get<{ extra?: string }>(key!))!.value.extra).toBeUndefined();
    expect(await pendingOutbox(store)).toEqual([]);
  });

  it('answers 500 upstream_error when the mail server is down, keeps the message queued, and the retry delivers it exactly once', async () => {
    const down = await startSmtpSink();
    await down.close();
    const { post, store } = await setup({ mailer: createSmtpMailer(down.url) });
    await expectError(await post('/api/contact', contact), 500, 'upstream_error');
    expect(await store.list('contact/')).toHaveLength(1);
    expect(await pendingOutbox(store)).toHaveLength(2);

    const before = smtp.received.length;
    expect(await retryOutbox(store, createSmtpMailer(smtp.url))).toEqual({
      sent: 2,
      failed: 0,
      uncertain: 0,
      skipped: 0,
    });
    expect(await retryOutbox(store, createSmtpMailer(smtp.url))).toEqual({
      sent: 0,
      failed: 0,
      uncertain: 0,
      skipped: 2,
    });
    expect(smtp.received.length - before).toBe(2);
    expect(await pendingOutbox(store)).toEqual([]);
  });

  it('answers 500 not_configured when SMTP is required but not configured, keeping the message', async () => {
    expect(process.env.SMTP_URL).toBeUndefined();
    const { post, store } = await setup({ requireSmtp: true });
    await expectError(await post('/api/contact', contact), 500, 'not_configured');
    expect(await store.list('contact/')).toHaveLength(1);
    expect(await pendingOutbox(store)).toHaveLength(2);
  });

  it('writes .eml files to the local outbox when no SMTP is configured', async () => {
    const { post, dataDir } = await setup();
    expect((await post('/api/contact', contact)).status).toBe(200);
    const files = await readdir(path.join(dataDir, 'mail-outbox'));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    const raw = await Promise.all(
      files.map((f) => readFile(path.join(dataDir, 'mail-outbox', f), 'utf8')),
    );
    expect(raw.some((r) => /^To: ada@example\.com$/m.test(r))).toBe(true);
  });
});

describe('bad input gets a clear 400 and changes nothing', () => {
  const cases: [string, string, unknown, number, string][] = [
    ['missing name', '/api/contact', { email: 'a@example.com' }, 400, 'missing_field'],
    ['blank name', '/api/contact', { name: '  ', email: 'a@example.com' }, 400, 'missing_field'],
    ['missing email', '/api/newsletter', { source: 'x' }, 400, 'missing_field'],
    ['malformed email', '/api/waitlist', { email: 'not-an-email' }, 400, 'invalid_email'],
    [
      'email with a space',
      '/api/contact',
      { name: 'A', email: 'a b@example.com' },
      400,
      'invalid_email',
    ],
    [
      'message over 5000',
      '/api/contact',
      { name: 'A', email: 'a@example.com', message: 'x'.repeat(5001) },
      400,
      'invalid_request',
    ],
    [
      'number for a string',
      '/api/contact',
      { name: 42, email: 'a@example.com' },
      400,
      'invalid_request',
    ],
    [
      'array body',
      '/api/sandbox-early-access',
      [{ email: 'a@example.com' }],
      400,
      'invalid_request',
    ],
    ['string body', '/api/newsletter', 'a@example.com', 400, 'invalid_request'],
    ['null body', '/api/newsletter', null, 400, 'invalid_request'],
    [
      'CR LF in name',
      '/api/contact',
      { name: 'A\r\nBcc: victim@example.com', email: 'a@example.com' },
      400,
      'invalid_request',
    ],
    [
      'LF in email',
      '/api/newsletter',
      { email: 'a@example.com\nBcc: x@example.com' },
      400,
      'invalid_request',
    ],
    [
      'LF in source',
      '/api/waitlist',
      { email: 'a@example.com', source: 'x\ny' },
      400,
      'invalid_request',
    ],
    [
      'line separator in name',
      '/api/contact',
      { name: 'A\u2028Bcc: x@example.com', email: 'a@example.com' },
      400,
      'invalid_request',
    ],
    [
      'NUL in message',
      '/api/contact',
      { name: 'A', email: 'a@example.com', message: 'a\u0000b' },
      400,
      'invalid_request',
    ],
    [
      'escape sequence in company',
      '/api/contact',
      { name: 'A', email: 'a@example.com', company: '\u001b[31mred' },
      400,
      'invalid_request',
    ],
    [
      'unpaired surrogate in name',
      '/api/contact',
      { name: 'A\ud800', email: 'a@example.com' },
      400,
      'invalid_request',
    ],
  ];
  it.each(cases)('%s', async (_label, endpoint, body, status, code) => {
    const { post, stored } = await setup();
    const error = await expectError(await post(endpoint, body), status, code, endpoint);
    if (code === 'missing_field') expect(error.message).toMatch(/"(name|email)"/);
    expect(await stored()).toEqual([]);
  });

  it('refuses malformed JSON, non-JSON content types and oversized bodies', async () => {
    const { post, stored } = await setup();
    await expectError(
      await post('/api/contact', undefined, { raw: '{"name": "A", ' }),
      400,
      'invalid_request',
    );
    // A form post is answered as a form (below); any other type that is not JSON is refused.
    await expectError(
      await post('/api/contact', undefined, {
        raw: 'name=A&email=a@example.com',
        headers: { 'Content-Type': 'text/plain' },
      }),
      415,
      'invalid_request',
    );
    await expectError(
      await post('/api/contact', undefined, {
        raw: '--x\r\n\r\n--x--',
        headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      }),
      415,
      'invalid_request',
    );
    await expectError(
      await post('/api/contact', undefined, {
        raw: 'x'.repeat(100),
        headers: { 'Content-Length': String(1024 * 1024) },
      }),
      413,
      'invalid_request',
    );
    const endless = new ReadableStream({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(`"${'x'.repeat(8192)}`));
      },
    });
    await expectError(
      await post('/api/contact', undefined, { raw: endless }),
      413,
      'invalid_request',
    );
    expect(await stored()).toEqual([]);
  });

  it('refuses JSON nested deeper than any form, and bytes that are not UTF-8, with 400', async () => {
    const { post, stored } = await setup({ contactRateLimit: { limit: 1000, windowSeconds: 600 } });
    for (const website of [undefined, 'http://spam.example']) {
      for (const [open, close] of [
        ['[', ']'],
        ['{"a":', '}'],
      ]) {
        const deep = `{"name":"A","email":"a@example.com",${website ? `"website":"${website}",` : ''}"extra":${open!.repeat(5000)}1${close!.repeat(5000)}}`;
        const error = await expectError(
          await post('/api/contact', undefined, { raw: deep.replace('1]', ']') }),
          400,
          'invalid_request',
        );
        expect(error.message).toContain('nest deeper');
      }
    }
    // 33 levels is refused, 32 accepted: the extra field is then ignored like any unknown field.
    const nested = (levels: number) =>
      `{"name":"A","email":"a@example.com","extra":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    await expectError(
      await post('/api/contact', undefined, { raw: nested(33) }),
      400,
      'invalid_request',
    );
    const latin1 = Buffer.concat([
      Buffer.from('{"name":"Jos'),
      Buffer.from([0xe9]),
      Buffer.from('","email":"a@example.com"}'),
    ]);
    expect(
      (
        await expectError(
          await post('/api/contact', undefined, { raw: latin1 }),
          400,
          'invalid_request',
        )
      ).message,
    ).toContain('UTF-8');
    expect(await stored()).toEqual([]);
    expect((await post('/api/contact', undefined, { raw: nested(32) })).status).toBe(200);
  });

  it('refuses a body over 32 KiB with 413, declared (unread) or streamed (read to the cap), without counting it, every time', async () => {
    const { post, stored } = await setup();
    for (let i = 0; i < 8; i++) {
      let pulled = 0;
      const body = new ReadableStream({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(65_536));
        },
      });
      await expectError(
        await post('/api/contact', undefined, {
          raw: body,
          headers: { 'Content-Length': String(2 * 1024 * 1024) },
        }),
        413,
        'invalid_request',
      );
      // The stream is asked for its first chunk when the request is built; nothing reads past it.
      expect(pulled).toBeLessThanOrEqual(1);
    }
    for (let i = 0; i < 8; i++) {
      let sent = 0;
      const endless = new ReadableStream({
        pull(controller) {
          sent += 8192;
          controller.enqueue(new Uint8Array(8192).fill(0x20));
        },
      });
      await expectError(
        await post('/api/contact', undefined, { raw: endless }),
        413,
        'invalid_request',
      );
      // Reading stops at the cap (give or take the chunks a stream buffers ahead).
      expect(sent).toBeLessThanOrEqual(32 * 1024 + 4 * 8192);
    }
    // Refused uploads cost the sender nothing: its budget of 5 is intact.
    for (let i = 0; i < 5; i++)
      expect((await post('/api/newsletter', { email: `n${i}@example.com` })).status).toBe(200);
    expect(await stored()).toHaveLength(5);
  });

  it('answers an unexpected failure with a 500 Error object naming the request id, and logs its cause in one JSON line with that id', async () => {
    const { post, dataDir } = await setup();
    // The store's folder becomes a file: every write fails with ENOTDIR, as a broken disk would.
    await rm(path.join(dataDir, 'store'), { recursive: true, force: true });
    await writeFile(path.join(dataDir, 'store'), '');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await post('/api/newsletter', { email: 'n@example.com' });
      const requestId = res.headers.get('x-request-id');
      await expectError(res, 500, 'internal_error', '/api/newsletter');
      expect(logged).toHaveBeenCalledTimes(1);
      const line = JSON.parse(String(logged.mock.calls[0]![0])) as {
        requestId: string;
        path: string;
        error: { message: string };
      };
      expect(line).toMatchObject({ requestId, path: '/api/newsletter' });
      expect(line.error.message).toContain('ENOTDIR');
    } finally {
      logged.mockRestore();
    }
  });

  it('answers other methods with 405 and Allow: POST', async () => {
    const { app } = await setup();
    for (const endpoint of ENDPOINTS) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const res = await app(new Request(`http://local${endpoint}`, { method }), {
          remoteAddress: '127.0.0.1',
        });
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe('POST');
        expect(((await res.json()) as { code: string }).code).toBe('method_not_allowed');
      }
    }
  });
});

describe('sign-ups', () => {
  it('keeps one entry per address and list, refreshing its timestamp and source', async () => {
    let now = Date.parse('2026-11-01T10:00:00Z');
    const { post, store } = await setup({ now: () => now });
    expect(
      (await post('/api/newsletter', { email: 'Sam@Example.com', source: 'home' })).status,
    ).toBe(200);
    now += 60_000;
    expect(
      (
        await post(
          '/api/newsletter',
          { email: 'sam@example.com', source: 'blog' },
          { client: '198.51.100.8' },
        )
      ).status,
    ).toBe(200);
    expect((await post('/api/waitlist', { email: 'sam@example.com' })).status).toBe(200);
    const newsletter = await store.list('signups/newsletter/');
    expect(newsletter).toHaveLength(1);
    const entry = (await store.get<{ source: string; createdAt: string; updatedAt: string }>(
      newsletter[0]!,
    ))!.value;
    expect(entry).toMatchObject({
      source: 'blog',
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:01:00.000Z',
    });
    expect(await store.list('signups/waitlist/')).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('allows 5 submissions per 10 minutes per sender across the endpoints; the 6th is 429 with Retry-After', async () => {
    let now = 1_000_000;
    const { post, stored } = await setup({ now: () => now });
    for (const [i, endpoint] of [...ENDPOINTS, '/api/newsletter'].entries()) {
      const res = await post(
        endpoint,
        endpoint === '/api/contact' ? contact : { email: `n${i}@example.com` },
      );
      expect(res.status, endpoint).toBe(200);
    }
    const before = (await stored()).length;
    now += 60_000;
    const refused = await post('/api/waitlist', { email: 'late@example.com' });
    const body = await expectError(refused, 429, 'rate_limited', '/api/waitlist');
    expect(refused.headers.get('retry-after')).toBe('540');
    expect(body.hint).toContain('540');
    expect((await stored()).length).toBe(before);
    expect(
      (await post('/api/waitlist', { email: 'other@example.com' }, { client: '203.0.113.99' }))
        .status,
    ).toBe(200);
    now += 540_000;
    expect((await post('/api/waitlist', { email: 'late@example.com' })).status).toBe(200);
  });

  it('sends at most 3 acknowledgements a day to one address, whoever submits, still delivering to the team', async () => {
    const mails: string[] = [];
    const mailer = memoryMailer((m) => mails.push(m.to));
    const { post, store } = await setup({ mailer });
    for (let i = 0; i < 5; i++)
      expect((await post('/api/contact', contact, { client: `192.0.2.${i}` })).status).toBe(200);
    expect(mails.filter((to) => to === 'ada@example.com')).toHaveLength(3);
    expect(mails.filter((to) => to === 'hello@detour.example')).toHaveLength(5);
    expect(await store.list('contact/')).toHaveLength(5);
  });
});

/** An RFC 2047 reader, as mail programs decode a header: unfolded, each encoded-word decoded once. */
function decodeHeader(raw: string, name: string): string {
  const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)![1]!;
  return value
    .replace(/(=\?[^?]+\?[bq]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(
      /=\?([^?]+)\?([bq])\?([^?]*)\?=/gi,
      (_m, _charset: string, encoding: string, text: string) =>
        encoding.toLowerCase() === 'b'
          ? Buffer.from(text, 'base64').toString('utf8')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9a-f]{2})/gi, (_h, hex: string) =>
                  String.fromCharCode(parseInt(hex, 16)),
                ),
              'latin1',
            ).toString('utf8'),
    );
}

describe('the mails', () => {
  it('acknowledge without repeating anything the sender wrote', async () => {
    const mails: OutgoingMail[] = [];
    const { post } = await setup({ mailer: memoryMailer((m) => mails.push(m)) });
    const spam = {
      name: 'Cheap pills at pills.example',
      email: 'victim@example.com',
      message: 'Visit http://pills.example now',
      company: 'Pills Inc',
    };
    expect((await post('/api/contact', spam)).status).toBe(200);
    const ack = mails.find((m) => m.to === 'victim@example.com')!;
    for (const text of ['pills', 'Pills', 'http://']) {
      expect(ack.text).not.toContain(text);
      expect(ack.subject).not.toContain(text);
    }
    expect(mails.find((m) => m.to === 'hello@detour.example')!.text).toContain(
      'Visit http://pills.example now',
    );
  });

  it('caps acknowledgements per mailbox: case, Unicode form, +tags and Gmail dots do not make new ones', async () => {
    const mails: string[] = [];
    const mailer = memoryMailer((m) => mails.push(m.to));
    const first = await setup({ mailer, contactRateLimit: { limit: 100, windowSeconds: 600 } });
    const second = await createApp({
      distDir: dist,
      dataDir: first.dataDir,
      trustProxy: true,
      mailer,
    });
    const viaSecond = (email: string) =>
      second(
        new Request('http://local/api/contact', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.200' },
          body: JSON.stringify({ name: 'A', email }),
        }),
        { remoteAddress: '127.0.0.1' },
      );
    const spellings = [
      'jos\u00e9@example.com',
      'Jose\u0301+1@Example.com',
      'JOS\u00c9+news@EXAMPLE.COM',
      'jose\u0301+x+y@example.com',
      'jos\u00e9+@example.com',
    ];
    for (const [i, email] of spellings.entries())
      expect(
        (i % 2
          ? await viaSecond(email)
          : await first.post('/api/contact', { name: 'A', email }, { client: `192.0.2.${i}` })
        ).status,
      ).toBe(200);
    expect(mails.filter((to) => to !== 'hello@detour.example')).toHaveLength(3);
    for (const email of [
      'a.d.a+1@gmail.com',
      'ADA@googlemail.com',
      'ad.a@gmail.com',
      'ada+z@gmail.com',
    ])
      expect((await first.post('/api/contact', { name: 'A', email })).status).toBe(200);
    expect(mails.filter((to) => /@(gmail|googlemail)\.com$/i.test(to))).toHaveLength(3);
    // Another mailbox at the same provider has its own cap.
    expect(
      (await first.post('/api/contact', { name: 'A', email: 'grace@example.com' })).status,
    ).toBe(200);
    expect(mails).toContain('grace@example.com');
  });

  it('keep encoded-words a sender typed as the literal text they typed', async () => {
    const before = smtp.received.length;
    const { post } = await setup({ mailer: createSmtpMailer(smtp.url) });
    const name = '=?utf-8?b?VVJHRU5UOiB3aXJlIG1vbmV5?= =?utf-8?q?to_us?=';
    expect((await post('/api/contact', { ...contact, name })).status).toBe(200);
    const team = smtp.received.slice(before).find((m) => m.to[0] === 'hello@detour.example')!;
    expect(decodeHeader(team.raw, 'Subject')).toBe(`Contact (sales): ${name}`);
    expect(decodeHeader(team.raw, 'Reply-To')).toBe('ada@example.com');
    // Without the protection the same reader shows what the sender hid.
    expect(decodeHeader(`Subject: ${name}\r\n\r\n`, 'Subject')).toBe('URGENT: wire moneyto us');
  });

  it('date each mail when it was queued, .eml files included', async () => {
    const { post, dataDir, store } = await setup();
    const sent = Date.now();
    expect((await post('/api/contact', contact)).status).toBe(200);
    const [key] = await store.list('contact/');
    const receivedAt = (await store.get<{ receivedAt: string }>(key!))!.value.receivedAt;
    const files = (await readdir(path.join(dataDir, 'mail-outbox'))).filter((f) =>
      f.endsWith('.eml'),
    );
    expect(files).toHaveLength(2);
    for (const file of files) {
      const date = Date.parse(
        decodeHeader(await readFile(path.join(dataDir, 'mail-outbox', file), 'utf8'), 'Date'),
      );
      expect(date).toBe(Math.floor(Date.parse(receivedAt) / 1000) * 1000);
      expect(Math.abs(date - sent)).toBeLessThan(60_000);
    }
  });
});

describe('limits across instances', () => {
  it('holds the sender and acknowledgement limits across two separately created apps on one store', async () => {
    const mails: string[] = [];
    const mailer = memoryMailer((m) => mails.push(m.to));
    const first = await setup({ mailer });
    const second = await createApp({
      distDir: dist,
      dataDir: first.dataDir,
      trustProxy: true,
      mailer,
    });
    const viaSecond = (body: unknown, client = '198.51.100.7') =>
      second(
        new Request('http://local/api/contact', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
          body: JSON.stringify(body),
        }),
        { remoteAddress: '127.0.0.1' },
      );
    for (let i = 0; i < 3; i++)
      expect((await first.post('/api/contact', contact)).status).toBe(200);
    expect((await viaSecond(contact)).status).toBe(200);
    expect((await viaSecond(contact)).status).toBe(200);
    await expectError(await viaSecond(contact), 429, 'rate_limited');
    await expectError(await first.post('/api/contact', contact), 429, 'rate_limited');
    // Five messages reached the team; the address got three acknowledgements, whichever instance took them.
    expect(mails.filter((to) => to === 'hello@detour.example')).toHaveLength(5);
    expect(mails.filter((to) => to === 'ada@example.com')).toHaveLength(3);
  });

  it('forgets finished windows at the next start', async () => {
    let now = Date.now();
    const { post, store, dataDir } = await setup({ now: () => now });
    expect((await post('/api/newsletter', { email: 'p@example.com' })).status).toBe(200);
    expect(await store.list('rate-limits/')).toHaveLength(1);
    await createApp({ distDir: dist, dataDir });
    expect(await store.list('rate-limits/')).toHaveLength(1);
    now += 601_000;
    await createApp({ distDir: dist, dataDir, now: () => now });
    expect(await store.list('rate-limits/')).toEqual([]);
  });
});

/** Bytes of every file under a folder. */
async function bytesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const sizes = await Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => (await stat(path.join(e.parentPath, e.name))).size),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

describe('a body cut off on its way', () => {
  it("is the client's 400, stores no submission and logs no server failure", async () => {
    const { post, dataDir } = await setup();
    const before = await bytesUnder(dataDir);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // What a client that disconnects or misses the request timeout leaves: a stream that errors after some bytes.
      const raw = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"email": "a@exam'));
          controller.error(new Error('aborted'));
        },
      });
      const res = await post('/api/newsletter', undefined, { raw });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(
        /ended before it was complete/,
      );
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
    // The sender's count of attempts, as for any other 400, and nothing else.
    expect((await bytesUnder(dataDir)) - before).toBeLessThan(200);
  });
});

describe('what a body can make the server write', () => {
  const fields = { name: 'A', email: 'a@example.com' };
  const nested = (levels: number) =>
    JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`) as unknown;
  const hostile: [string, string, string, number][] = [
    [
      'honeypot with 8 KB of arrays nested 4,000 deep in an extra field',
      '/api/contact',
      `{"name":"A","email":"a@example.com","website":"x","extra":${'['.repeat(4000)}${']'.repeat(4000)}}`,
      400,
    ],
    [
      'honeypot with 18 KB of objects nested 3,000 deep in an extra field',
      '/api/contact',
      `{"name":"A","email":"a@example.com","website":"x","extra":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`,
      400,
    ],
    [
      'honeypot with arrays nested 30 deep, 500 times over',
      '/api/contact',
      JSON.stringify({ ...fields, website: 'x', extra: Array(500).fill(nested(30)) }),
      200,
    ],
    [
      'honeypot with an extra field of 30 KB',
      '/api/contact',
      JSON.stringify({ ...fields, website: 'x', extra: 'y'.repeat(30_000) }),
      200,
    ],
    [
      'honeypot with 2,000 extra fields',
      '/api/newsletter',
      JSON.stringify({
        email: 'a@example.com',
        website: 'x',
        ...Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`f${i}`, i])),
      }),
      200,
    ],
    [
      'honeypot field of 30 KB',
      '/api/waitlist',
      JSON.stringify({ email: 'a@example.com', website: 'w'.repeat(30_000) }),
      200,
    ],
    [
      'honeypot with every field at its longest, in 3-byte characters',
      '/api/contact',
      JSON.stringify({
        name: '€'.repeat(200),
        email: 'a@example.com',
        company: '€'.repeat(200),
        phone: '€'.repeat(50),
        message: '€'.repeat(5000),
        source: '€'.repeat(500),
        website: '€'.repeat(1000),
      }),
      200,
    ],
    [
      'contact with every field at its longest, in 3-byte characters',
      '/api/contact',
      JSON.stringify({
        name: '€'.repeat(200),
        email: 'a@example.com',
        company: '€'.repeat(200),
        phone: '€'.repeat(50),
        message: '€'.repeat(5000),
        source: '€'.repeat(500),
      }),
      200,
    ],
    [
      'contact whose message is 5,000 quotes',
      '/api/contact',
      JSON.stringify({ ...fields, message: '"'.repeat(5000) }),
      200,
    ],
    [
      'contact whose message is 5,000 line breaks between letters',
      '/api/contact',
      JSON.stringify({ ...fields, message: 'a\n'.repeat(2500) }),
      200,
    ],
  ];
  it.each(hostile)(
    '%s: at most 4 times the body, plus 8 KiB of records',
    async (_label, endpoint, raw, status) => {
      expect(Buffer.byteLength(raw)).toBeLessThanOrEqual(32 * 1024);
      const { post, dataDir } = await setup();
      const before = await bytesUnder(dataDir);
      const res = await post(endpoint, undefined, { raw });
      expect(res.status).toBe(status);
      const written = (await bytesUnder(dataDir)) - before;
      expect(written).toBeLessThanOrEqual(4 * Buffer.byteLength(raw) + 8 * 1024);
    },
  );
});

describe('honeypot', () => {
  it('keeps only the known fields and the start of the trap field', async () => {
    const { post, store } = await setup();
    expect(
      (
        await post('/api/contact', {
          ...contact,
          website: `http://spam.example/${'x'.repeat(1000)}`,
          extra: { deep: [[['x']]] },
        })
      ).status,
    ).toBe(200);
    const [key] = await store.list('spam/');
    const record = (await store.get<Record<string, unknown>>(key!))!.value;
    expect(record).toMatchObject({ kind: 'contact', fields: contact });
    expect(Object.keys(record).sort()).toEqual([
      'fields',
      'honeypot',
      'id',
      'kind',
      'receivedAt',
      'sender',
    ]);
    expect(record.honeypot).toBe(`http://spam.example/${'x'.repeat(1000)}`.slice(0, 200));
  });

  it('accepts a bot-filled form without mailing anyone, and keeps it apart rather than dropping it', async () => {
    const mails: unknown[] = [];
    const { post, store } = await setup({ mailer: memoryMailer((m) => mails.push(m)) });
    expect(
      (await post('/api/contact', { ...contact, website: 'http://spam.example' })).status,
    ).toBe(200);
    expect(mails).toEqual([]);
    expect(await store.list('contact/')).toEqual([]);
    expect(await store.list('spam/')).toHaveLength(1);
  });
});

describe('nothing is lost', () => {
  it('stores 50 concurrent submissions from different senders exactly once', async () => {
    const { post, store, dataDir } = await setup();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          '/api/contact',
          { ...contact, email: `p${i}@example.com`, message: `message ${i}` },
          { client: `10.0.${i}.1` },
        ),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const keys = await store.list('contact/');
    expect(keys).toHaveLength(50);
    const messages = await Promise.all(
      keys.map(async (k) => (await store.get<{ message: string }>(k))!.value.message),
    );
    expect(new Set(messages).size).toBe(50);
    expect(
      (await readdir(path.join(dataDir, 'mail-outbox'))).filter((f) => f.endsWith('.eml')),
    ).toHaveLength(100);
  });

  /** Runs acceptContact in a child process whose mailer kills it, before or during the transfer of the first mail. */
  async function dieWhileSending(moment: 'before-transfer' | 'during-transfer') {
    const dataDir = await temporaryDirectory('crash-');
    const script = path.join(dataDir, 'crash.mts');
    const project = path.resolve(import.meta.dirname, '..');
    const die = `process.kill(process.pid, 'SIGKILL'); await new Promise(() => {});`;
    await writeFile(
      script,
      `import { acceptContact } from ${JSON.stringify(path.join(project, 'runtime/submissions/accept-submission.ts'))};
import { createFileStore } from ${JSON.stringify(path.join(project, 'runtime/store/file-store.ts'))};
import { createMemoryRateLimiter } from ${JSON.stringify(path.join(project, 'runtime/rate-limit.ts'))};
const dying = { description: 'dies', sendTimeoutMs: 1000, send: async (_mail, hooks) => { ${moment === 'during-transfer' ? 'await hooks.beforeTransmit(); ' : ''}${die} } };
await acceptContact({ store: createFileStore(${JSON.stringify(path.join(dataDir, 'store'))}), mailer: dying, teamAddress: 'team@example.com', fromAddress: 'Site <site@example.com>', siteName: 'Site', ackLimiter: createMemoryRateLimiter({ limit: 3, windowSeconds: 60 }) }, { name: 'Crash Test', email: 'crash@example.com', message: 'survive me' }, '192.0.2.1');
`,
    );
    const exit = await new Promise<NodeJS.Signals | null>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', script], {
        stdio: 'ignore',
        cwd: project,
      });
      child.on('exit', (_code, signal) => resolve(signal));
    });
    expect(exit).toBe('SIGKILL');
    const store = createFileStore(path.join(dataDir, 'store'));
    const [key] = await store.list('contact/');
    expect((await store.get<{ message: string }>(key!))!.value.message).toBe('survive me');
    return { store, dataDir };
  }
  // Past the claims of the dead process: its mailer's send timeout plus the margin.
  const later = () => Date.now() + 60_000;

  it('delivers the mail of a process that died before transferring it, once its claim lapses', async () => {
    const { store, dataDir } = await dieWhileSending('before-transfer');
    const delivered: string[] = [];
    // Within its claim, nobody takes a claimed mail over (the claimer may still be at work); a mail not claimed yet goes.
    const now = await retryOutbox(
      store,
      memoryMailer((m) => delivered.push(m.to)),
    );
    expect(now.skipped).toBeGreaterThanOrEqual(1);
    expect(now.sent + now.skipped).toBe(2);
    expect(
      await retryOutbox(
        store,
        memoryMailer((m) => delivered.push(m.to)),
        later,
      ),
    ).toEqual({ sent: now.skipped, failed: 0, uncertain: 0, skipped: now.sent });
    expect(delivered.sort()).toEqual(['crash@example.com', 'team@example.com']);
    expect(await retryOutbox(store, createFileMailer(path.join(dataDir, 'mail')), later)).toEqual({
      sent: 0,
      failed: 0,
      uncertain: 0,
      skipped: 2,
    });
  });

  it('never sends again on its own a mail whose transfer a crash interrupted; the operator can', async () => {
    const { store } = await dieWhileSending('during-transfer');
    const delivered: string[] = [];
    const result = await retryOutbox(
      store,
      memoryMailer((m) => delivered.push(m.to)),
      later,
    );
    // Both mails were claimed at once; the first reached its transfer, the other may have too.
    expect(result.uncertain).toBeGreaterThanOrEqual(1);
    expect(result.sent + result.uncertain).toBe(2);
    const uncertain = (await pendingOutbox(store)).filter((e) => e.status === 'uncertain');
    expect(uncertain).toHaveLength(result.uncertain);
    expect(
      await retryOutbox(
        store,
        memoryMailer((m) => delivered.push(m.to)),
        later,
      ),
    ).toMatchObject({ sent: 0, uncertain: 0 });
    expect(await requeueUncertain(store, uncertain[0]!.id)).toBe(true);
    expect(
      await retryOutbox(
        store,
        memoryMailer((m) => delivered.push(m.to)),
        later,
      ),
    ).toMatchObject({ sent: 1 });
    expect(delivered).toHaveLength(result.sent + 1);
  });
});

describe('arbitrary bodies (property-based)', () => {
  it('never answer 5xx and never store anything from a 4xx', async () => {
    const { post, stored } = await setup({
      contactRateLimit: { limit: 1_000_000, windowSeconds: 600 },
    });
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.emailAddress(),
    );
    const body = fc.oneof(
      fc
        .dictionary(
          fc.constantFrom(
            'name',
            'email',
            'company',
            'phone',
            'inquiryType',
            'message',
            'source',
            'website',
            'other',
          ),
          value,
        )
        .map((o) => JSON.stringify(o)),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string(),
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), body, async (endpoint, raw) => {
        const before = (await stored()).length;
        const res = await post(endpoint, undefined, { raw });
        expect(res.status).toBeLessThan(500);
        const json = await res.json();
        if (res.status >= 400) {
          expect(validate('POST', endpoint, res.status, json)).toEqual([]);
          expect((await stored()).length).toBe(before);
        }
      }),
      { numRuns: 300 },
    );
  });
});
