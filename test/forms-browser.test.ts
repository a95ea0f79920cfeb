import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../generator/build.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import type { Listening } from '../server/listen.ts';
import { startServer } from './support/http-server.ts';
import { writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';
import { chromiumAvailable, launchChromium } from './support/chromium.ts';

/**
 * The contact page's four forms in a real browser (Debian's chromium), with JavaScript
 * off and on: a bad address shows the error next to the field with what was typed kept,
 * a good one ends on the form's thank-you text; every field and button is reached with
 * Tab alone; axe-core finds no serious or critical violation with errors shown. Skipped,
 * loudly, where chromium is missing (CI installs it: .ci/run).
 */
const available = chromiumAvailable('form browser tests');

let browser: Browser;
let server: Listening;
let limited: Listening;
let dataDir: string;
let axeSource: string;

const FORMS = [
  { id: 'contact', endpoint: '/api/contact', kind: 'contact', thanks: 'Message sent' },
  {
    id: 'newsletter',
    endpoint: '/api/newsletter',
    kind: 'newsletter',
    thanks: 'You are subscribed',
  },
  {
    id: 'waitlist',
    endpoint: '/api/waitlist',
    kind: 'waitlist',
    thanks: 'You are on the waitlist',
  },
  {
    id: 'sandbox',
    endpoint: '/api/sandbox-early-access',
    kind: 'sandbox-early-access',
    thanks: 'Early access requested',
  },
] as const;
type Form = (typeof FORMS)[number];

beforeAll(async () => {
  if (!available) return;
  const root = await temporaryDirectory('forms-browser-');
  await writeSyntheticCorpus(path.join(root, 'content'), 1);
  await build({ contentDir: path.join(root, 'content'), outDir: path.join(root, 'dist') });
  dataDir = path.join(root, 'data');
  // Every page comes from 127.0.0.1: one sender, so this server lifts the sender limit and the second keeps it at 1.
  server = await startServer({
    distDir: path.join(root, 'dist'),
    dataDir,
    contactRateLimit: { limit: 1000, windowSeconds: 600 },
  });
  limited = await startServer({
    distDir: path.join(root, 'dist'),
    dataDir: path.join(root, 'limited'),
    contactRateLimit: { limit: 1, windowSeconds: 600 },
  });
  browser = await launchChromium();
  axeSource = await readFile(path.join('node_modules', 'axe-core', 'axe.min.js'), 'utf8');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await limited?.close();
});

/** A page of the contact form; `problems` collects console errors and warnings (CSP violations among them). */
async function contactPage(
  context: BrowserContext,
  base = server.url,
): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  expect((await page.goto(`${base}/contact/`))?.status()).toBe(200);
  return { page, problems };
}

/** What a person types into a form; the contact form also asks for a name and a message. */
async function fill(page: Page, form: Form, email: string): Promise<Record<string, string>> {
  const typed: Record<string, string> = { [`#${form.id}-email`]: email };
  if (form.id === 'contact')
    Object.assign(typed, {
      '#contact-name': 'Ada <Lovelace>',
      '#contact-company': 'Analytical & Co',
      '#contact-message': 'Line one\nLine "two"',
    });
  for (const [selector, value] of Object.entries(typed)) await page.fill(selector, value);
  if (form.id === 'contact') await page.selectOption('#contact-type', 'press');
  return typed;
}

async function expectFieldError(page: Page, form: Form, typed: Record<string, string>) {
  const email = page.locator(`#${form.id}-email`);
  await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
  const described = await email.getAttribute('aria-describedby');
  expect(await page.locator(`#${described}`).textContent()).toContain(
    'Enter an email address in the form name@example.com',
  );
  // The summary at the top of the form has the focus and links to the field.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe(`${form.id}-problems`);
  expect(await page.locator(`#${form.id}-problems a`).getAttribute('href')).toBe(
    `#${form.id}-email`,
  );
  for (const [selector, value] of Object.entries(typed))
    expect(await page.inputValue(selector), selector).toBe(value);
  if (form.id === 'contact') expect(await page.inputValue('#contact-type')).toBe('press');
  // Only the form that was sent shows a problem.
  expect(await page.locator('[aria-invalid="true"]').count()).toBe(1);
}

async function stored(prefix: string): Promise<number> {
  return (await createFileStore(path.join(dataDir, 'store')).list(prefix)).length;
}

describe.runIf(available)("the contact page's forms in a browser", () => {
  it.each(FORMS)(
    'without JavaScript: $id shows a bad address next to its field, then sends the good one on to its thank-you page',
    async (form) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const { page, problems } = await contactPage(context);
      const typed = await fill(page, form, 'ada@localhost');
      const [refused] = await Promise.all([
        page.waitForNavigation(),
        page.click(`#${form.id} button[type="submit"]`),
      ]);
      expect(refused?.status()).toBe(400);
      expect(new URL(page.url()).pathname).toBe(form.endpoint);
      expect(await page.title()).toMatch(/^Error: /);
      await expectFieldError(page, form, typed);

      const before = await stored(form.id === 'contact' ? 'contact/' : `signups/${form.kind}/`);
      await page.fill(`#${form.id}-email`, `${form.id}.nojs@example.com`);
      const [accepted] = await Promise.all([
        page.waitForNavigation(),
        page.click(`#${form.id} button[type="submit"]`),
      ]);
      expect(accepted?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(`/contact/thanks/${form.kind}/`);
      expect(await page.locator('h1').textContent()).toBe(form.thanks);
      expect(await stored(form.id === 'contact' ? 'contact/' : `signups/${form.kind}/`)).toBe(
        before + 1,
      );
      expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
      await context.close();
    },
  );

  it.each(FORMS)(
    'with JavaScript: $id shows a bad address next to its field in place, then its thank-you text in place of the form',
    async (form) => {
      const context = await browser.newContext();
      const { page, problems } = await contactPage(context);
      const typed = await fill(page, form, 'ada@localhost');
      await page.click(`#${form.id} button[type="submit"]`);
      await expectFieldError(page, form, typed);
      expect(new URL(page.url()).pathname).toBe('/contact/');

      await page.fill(`#${form.id}-email`, `${form.id}.js@example.com`);
      await page.click(`#${form.id} button[type="submit"]`);
      const confirmation = page.locator(`section.form-confirmation#${form.id}`);
      await expect.poll(() => confirmation.count()).toBe(1);
      expect(await confirmation.locator('h2').textContent()).toBe(form.thanks);
      expect(await confirmation.locator('p').count()).toBeGreaterThan(1);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(form.id);
      expect(new URL(page.url()).pathname).toBe('/contact/');
      // The other forms are untouched.
      expect(await page.locator('form.api-form').count()).toBe(3);
      expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
      await context.close();
    },
  );

  it('with JavaScript: keeps what was typed when the network fails, and sends it once the network is back', async () => {
    const context = await browser.newContext();
    const { page } = await contactPage(context);
    const typed = await fill(page, FORMS[0], 'offline@example.com');
    await context.setOffline(true);
    await page.click('#contact button[type="submit"]');
    await expect
      .poll(() => page.locator('#contact .form-status').textContent())
      .toContain('could not be sent');
    for (const [selector, value] of Object.entries(typed))
      expect(await page.inputValue(selector)).toBe(value);
    await context.setOffline(false);
    await page.click('#contact button[type="submit"]');
    await expect.poll(() => page.locator('section.form-confirmation#contact').count()).toBe(1);
    await context.close();
  });

  it('says when to send again after the sender limit, with and without JavaScript, keeping what was typed', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const { page } = await contactPage(context, limited.url);
      const submit = () =>
        javaScriptEnabled
          ? page.click('#waitlist button[type="submit"]')
          : Promise.all([page.waitForNavigation(), page.click('#waitlist button[type="submit"]')]);
      await page.fill('#waitlist-email', `first.${javaScriptEnabled}@example.com`);
      await submit();
      if (javaScriptEnabled)
        await expect.poll(() => page.locator('section.form-confirmation#waitlist').count()).toBe(1);
      else await page.goto(`${limited.url}/contact/`);
      await page.fill('#newsletter-email', `second.${javaScriptEnabled}@example.com`);
      if (javaScriptEnabled) await page.click('#newsletter button[type="submit"]');
      else
        await Promise.all([
          page.waitForNavigation(),
          page.click('#newsletter button[type="submit"]'),
        ]);
      await expect
        .poll(() => page.locator('#newsletter-problems').textContent())
        .toMatch(/Please wait about 10 minutes \(until \d\d:\d\d UTC\), then send it again/);
      expect(await page.inputValue('#newsletter-email')).toBe(
        `second.${javaScriptEnabled}@example.com`,
      );
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('newsletter-problems');
      await context.close();
    }
  });

  it('reaches every field and button of every form with Tab alone, never the honeypot, and sends a form with the keyboard', async () => {
    const context = await browser.newContext();
    const { page } = await contactPage(context);
    const wanted = await page.$$eval('form.api-form', (forms) =>
      forms.flatMap((form) =>
        [
          ...form.querySelectorAll(
            'input:not([type="hidden"]):not([name="website"]), select, textarea, button',
          ),
        ].map((el) => el.id || `${form.id} button`),
      ),
    );
    expect(wanted).toHaveLength(6 + 1 + 3 * 2);
    const reached: string[] = [];
    for (let i = 0; i < 80 && reached.length < 200; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(
          () =>
            document.activeElement?.id ||
            `${document.activeElement?.closest('form')?.id} ${document.activeElement?.tagName.toLowerCase()}`,
        ),
      );
    }
    for (const id of wanted) expect(reached, id).toContain(id);
    expect(reached.some((id) => id.startsWith('website-'))).toBe(false);

    await page.focus('#newsletter-email');
    await page.keyboard.type('keyboard@example.com');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Subscribe');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('newsletter');
    await context.close();
  });

  it('has no serious or critical axe-core violation with errors shown, with and without JavaScript, nor on a thank-you page', async () => {
    // axe runs as an injected script, which the site's CSP forbids: this context alone bypasses it.
    const context = await browser.newContext({ bypassCSP: true });
    const audit = async (page: Page, label: string) => {
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const result = await (
          window as unknown as {
            axe: {
              run(): Promise<{
                violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
              }>;
            };
          }
        ).axe.run();
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
      });
      expect(violations, label).toEqual([]);
    };
    // The page the server answers a form post with: forms.js kept out, so the browser posts the form itself.
    const { page: posted } = await contactPage(context);
    await posted.route('**/assets/forms.*.js', (route) => route.abort());
    await posted.reload();
    await posted.fill('#contact-email', 'ada@localhost');
    await Promise.all([posted.waitForNavigation(), posted.click('#contact button[type="submit"]')]);
    expect(await posted.locator('#contact-problems li').count()).toBe(2);
    await audit(posted, 'form post answered with errors');

    const { page: inPlace } = await contactPage(context);
    await inPlace.fill('#waitlist-email', 'ada@localhost');
    await inPlace.click('#waitlist button[type="submit"]');
    await expect.poll(() => inPlace.locator('#waitlist-problems').count()).toBe(1);
    await audit(inPlace, 'errors shown in place by forms.js');
    await inPlace.fill('#waitlist-email', 'axe@example.com');
    await inPlace.click('#waitlist button[type="submit"]');
    await expect.poll(() => inPlace.locator('section.form-confirmation#waitlist').count()).toBe(1);
    await audit(inPlace, 'confirmation in place');

    await inPlace.goto(`${server.url}/contact/thanks/contact/`);
    await audit(inPlace, 'thank-you page');
    await context.close();
  });
});
