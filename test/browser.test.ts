import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../generator/build.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import { startServer } from './support/http-server.ts';
import { writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';
import { chromiumAvailable, launchChromium } from './support/chromium.ts';

/**
 * The site in a real browser (Debian's chromium): pages render under the strict CSP with
 * no errors, and the contact form is sent in place and reports the answer
 * (test/forms-browser.test.ts tries every form with and without JavaScript). CI installs chromium
 * (.ci/run); elsewhere these tests are skipped, loudly, when it is missing.
 */
const available = chromiumAvailable('browser tests');

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
let dataDir: string;

async function open(pathname: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  const response = await page.goto(server.url + pathname);
  expect(response?.status()).toBe(200);
  return { page, problems };
}

describe.runIf(available)('in a browser', () => {
  beforeAll(async () => {
    const root = await temporaryDirectory('browser-');
    await writeSyntheticCorpus(path.join(root, 'content'), 2);
    await build({ contentDir: path.join(root, 'content'), outDir: path.join(root, 'dist') });
    dataDir = path.join(root, 'data');
    server = await startServer({ distDir: path.join(root, 'dist'), dataDir });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders pages with their stylesheet and no CSP violation or script error', async () => {
    for (const pathname of [
      '/',
      '/threats/',
      '/threats/threats-record-1/',
      '/pricing/',
      '/docs/',
      '/docs/api/',
      '/contact/',
      '/search/?q=record',
    ]) {
      const { page, problems } = await open(pathname);
      expect(await page.locator('h1').first().textContent()).toBeTruthy();
      const font = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
      );
      expect(font, pathname).toBe('#0b6e4f');
      expect(problems, pathname).toEqual([]);
      await page.close();
    }
  });

  it('searches from the header and lists the results the server rendered', async () => {
    const { page, problems } = await open('/');
    await page.fill('.header-search input[name="q"]', 'threats rec');
    await page.press('.header-search input[name="q"]', 'Enter');
    await page.waitForURL(/\/search\/\?q=threats\+rec/);
    expect(await page.locator('.search-results li').count()).toBe(2);
    expect(await page.locator('.search-outcome h2').textContent()).toBe(
      '2 results for “threats rec”',
    );
    await page.fill('#search-q', 'zzzznothing');
    await page.click('form.site-search button');
    await page.waitForURL(/\/search\/\?q=zzzznothing/);
    expect(await page.locator('.search-outcome h2').textContent()).toContain('No results');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends the contact form in place and shows the confirmation; the honeypot stays hidden', async () => {
    const { page, problems } = await open('/contact/');
    // Off screen and hidden from assistive technology: people never see or fill it.
    const trap = await page.locator('#website-contact').boundingBox();
    expect(trap!.x + trap!.width).toBeLessThan(0);
    expect(await page.locator('.trap').first().getAttribute('aria-hidden')).toBe('true');
    await page.fill('#contact-name', 'Browser Person');
    await page.fill('#contact-email', 'browser@example.com');
    await page.selectOption('#contact-type', 'support');
    await page.fill('#contact-message', 'Sent from a real browser.');
    await page.click('#contact button[type="submit"]');
    await expect
      .poll(() => page.locator('section.form-confirmation#contact').textContent())
      .toContain('Thank you for writing');
    const store = createFileStore(path.join(dataDir, 'store'));
    const [key] = await store.list('contact/');
    expect(
      (await store.get<{ name: string; inquiryType: string; source: string }>(key!))!.value,
    ).toMatchObject({ name: 'Browser Person', inquiryType: 'support', source: 'contact-page' });

    await page.fill('#newsletter-email', 'not-an-address@');
    await page.click('#newsletter button[type="submit"]');
    await expect
      .poll(() => page.locator('#newsletter-email-error').textContent())
      .toContain('Enter an email address in the form name@example.com');
    expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
    await page.close();
  });
});
