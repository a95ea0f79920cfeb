import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATIC_SEARCH_FOLDER, STATIC_SEARCH_HEADER } from '../core/static-search-index.ts';
import { caddyConfig } from '../generator/mirror/caddy-config.ts';
import { mirrorPlan, type MirrorPlan } from '../generator/mirror/mirror-plan.ts';
import { nginxConfig } from '../generator/mirror/nginx-config.ts';
import { precompress } from '../generator/mirror/precompress.ts';
import type { Listening } from '../server/listen.ts';
import { buildSite } from './support/built-site.ts';
import { chromiumAvailable, launchChromium } from './support/chromium.ts';
import { startServer } from './support/http-server.ts';
import {
  CADDY,
  freePort,
  NGINX,
  NGINX_BROTLI_MODULE,
  startCaddy,
  startNginx,
  type MirrorServer,
} from './support/mirror-servers.ts';

/**
 * Search on a static mirror, in Debian's chromium: the shipped content, built and
 * precompressed, served by nginx and Caddy on the configs `npm run mirror` writes, and by
 * the local server, where functions run (the reference). The search page and the header
 * box on the mirror must list what the API lists, in its order, from static files alone.
 */
const available = chromiumAvailable('static search browser tests');

/** Whole words, words begun, several terms, capitals, a single letter, and misses. */
const QUERIES = [
  'phishing',
  'phish',
  'brow',
  'session tok',
  'Prompt Injection',
  'AI agent',
  'data',
  'cred',
  'a',
  'malicious ext',
  'zzzznothing',
  'phishing zzzznothing',
];
const BOX = 'form[data-search-box] input[name="q"]';
const BOX_STATUS = 'form[data-search-box] [role="status"]';
const BOX_LIMIT = 8;

let browser: Browser;
let local: Listening;
let plan: MirrorPlan;
const contexts: BrowserContext[] = [];

async function newPage(javaScriptEnabled = true): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled });
  contexts.push(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  return { page, problems };
}

interface ApiHit {
  url: string;
}

/** The record paths the API lists for `q`, best first. */
async function apiPaths(q: string, limit: number): Promise<string[]> {
  const res = await fetch(`${local.url}/api/v1/search?q=${encodeURIComponent(q)}&limit=${limit}`);
  expect(res.status, q).toBe(200);
  const { data } = (await res.json()) as { data: ApiHit[] };
  return data.map((hit) => new URL(hit.url).pathname);
}

/** The outcome section of the page the search-page function renders for `q`. */
async function renderedOutcome(page: Page, q: string): Promise<string> {
  await page.goto(`${local.url}/search/?q=${encodeURIComponent(q)}`);
  return page.locator('.search-outcome').evaluate((section) => section.outerHTML);
}

beforeAll(async () => {
  if (!available) return;
  const site = await buildSite();
  await precompress(site.dir);
  plan = await mirrorPlan({ root: site.dir, apiUrl: 'https://full.example' });
  local = await startServer({
    distDir: site.dir,
    dataDir: path.join(path.dirname(site.dir), 'data'),
    readRateLimit: { limit: 100_000, windowSeconds: 60 },
  });
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await local?.close();
});

function mirrorSuite(name: string, binary: string, start: (port: number) => Promise<MirrorServer>) {
  describe.runIf(available && existsSync(binary))(`search on a ${name} mirror`, () => {
    let mirror: MirrorServer;
    beforeAll(async () => {
      mirror = await start(await freePort());
    });
    afterAll(() => mirror?.stop());

    it('answers the search API with 501, so what follows comes from static files', async () => {
      expect((await fetch(`${mirror.url}/api/v1/search?q=phishing`)).status).toBe(501);
    });

    it("fills in the search page with the API's results in its order, as the server renders them", async () => {
      const { page, problems } = await newPage();
      const reference = (await newPage()).page;
      let fullPages = 0;
      for (const q of QUERIES) {
        const want = await apiPaths(q, 50);
        if (want.length >= 5) fullPages++;
        await page.goto(`${mirror.url}/search/?q=${encodeURIComponent(q)}`);
        const outcome = page.locator('.search-outcome');
        await outcome.waitFor();
        const got = await page
          .locator('.search-results a')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
        expect(got.slice(0, 5), q).toEqual(want.slice(0, 5));
        expect(got, q).toEqual(want);
        expect(await outcome.evaluate((section) => section.outerHTML), q).toBe(
          await renderedOutcome(reference, q),
        );
        expect(await page.locator('#search-q').inputValue(), q).toBe(q);
        expect(await page.title(), q).toBe(await reference.title());
      }
      // The comparison of the first five means something for most of the queries.
      expect(fullPages).toBeGreaterThanOrEqual(7);
      expect(problems).toEqual([]);
    });

    it('refuses a search too long as the server does', async () => {
      const { page } = await newPage();
      const reference = (await newPage()).page;
      const q = 'x'.repeat(513);
      await page.goto(`${mirror.url}/search/?q=${q}`);
      await page.locator('.search-outcome').waitFor();
      expect(await page.locator('.search-outcome').evaluate((s) => s.outerHTML)).toBe(
        await renderedOutcome(reference, q),
      );
      expect(await page.title()).toBe(await reference.title());
    });

    it('loads only the files a query needs: the header, the meta, a few term files and the matches’ records', async () => {
      const { page } = await newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${mirror.url}/search/?q=phishing`);
      await page.locator('.search-outcome').waitFor();
      const index = requested.filter((p) => p.startsWith(`${STATIC_SEARCH_FOLDER}/`));
      expect(requested).toContain(STATIC_SEARCH_HEADER);
      expect(requested.some((p) => p.startsWith('/_data/'))).toBe(false);
      expect(index.filter((p) => /\/m[0-9a-f]{16}\.json$/.test(p))).toHaveLength(1);
      expect(index.filter((p) => /\/t[0-9a-f]{16}\.json$/.test(p)).length).toBeLessThanOrEqual(2);
      expect(index.filter((p) => /\/d[0-9a-f]{16}\.json$/.test(p)).length).toBeGreaterThan(0);
    });

    it("lists the API's first results in the header box as you type, and opens the chosen one", async () => {
      const { page, problems } = await newPage();
      await page.goto(`${mirror.url}/`);
      for (const q of ['phish', 'browser isolation', 'zzzznothing']) {
        const want = await apiPaths(q, BOX_LIMIT);
        await page.locator(BOX).fill(q);
        const status = page.locator(BOX_STATUS);
        await expect
          .poll(() => status.textContent(), { timeout: 10_000 })
          .toMatch(new RegExp(`“${q}”`));
        const got = await page
          .locator('[role="listbox"] [role="option"]')
          .evaluateAll((list) => list.map((o) => o.getAttribute('href')));
        expect(got, q).toEqual(want);
      }
      await page.locator(BOX).fill('phishing');
      await expect.poll(() => page.locator('[role="option"]').count()).toBeGreaterThan(0);
      const href = await page.locator('[role="option"]').first().getAttribute('href');
      await page.locator(BOX).press('ArrowDown');
      await page.locator(BOX).press('Enter');
      await page.waitForURL(`${mirror.url}${href}`);
      expect(problems).toEqual([]);
    });

    it('remembers that the host has no search function, and warms the static index as the box is focused', async () => {
      const { page, problems } = await newPage();
      const status = page.locator(BOX_STATUS);
      await page.goto(`${mirror.url}/`);
      await page.locator(BOX).fill('phish');
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/“phish”/);

      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${mirror.url}/`);
      requested.length = 0;
      await page.locator(BOX).focus();
      await expect
        .poll(() => requested.filter((p) => /\/m[0-9a-f]{16}\.json$/.test(p)))
        .toHaveLength(1);
      expect(requested).toContain(STATIC_SEARCH_HEADER);
      expect(requested.filter((p) => /\/t[0-9a-f]{16}\.json$/.test(p))).toEqual([]);

      requested.length = 0;
      const q = 'browser isolation';
      await page.locator(BOX).fill(q);
      await expect
        .poll(() => status.textContent(), { timeout: 10_000 })
        .toMatch(/“browser isolation”/);
      const got = await page
        .locator('[role="listbox"] [role="option"]')
        .evaluateAll((list) => list.map((o) => o.getAttribute('href')));
      expect(got).toEqual(await apiPaths(q, BOX_LIMIT));
      // The search went to the static index directly, with the header the warm-up read.
      expect(requested.filter((p) => p.startsWith('/api/'))).toEqual([]);
      expect(requested).not.toContain(STATIC_SEARCH_HEADER);
      expect(requested.filter((p) => /\/t[0-9a-f]{16}\.json$/.test(p)).length).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    });

    it('says that search needs the full site, and links to it, when the static index cannot be read', async () => {
      const { page } = await newPage();
      await page.route(`**${STATIC_SEARCH_HEADER}`, (route) => route.abort());
      await page.goto(`${mirror.url}/search/?q=${encodeURIComponent('phishing <b>')}`);
      const note = page.locator('.search-unavailable');
      await expect
        .poll(() => note.textContent())
        .toBe(
          'Search is not available on this copy of the site. Search for “phishing <b>” on detour.example.',
        );
      expect(await note.locator('a').getAttribute('href')).toBe(
        'https://detour.example/search/?q=phishing+%3Cb%3E',
      );
      expect(await page.locator('.search-outcome').count()).toBe(0);
    });

    it('serves the plain search page without JavaScript, as before', async () => {
      const { page } = await newPage(false);
      await page.goto(`${mirror.url}/search/?q=phishing`);
      expect(await page.locator('.search-outcome').count()).toBe(0);
      expect(await page.locator('.search-unavailable').count()).toBe(0);
      expect(await page.locator('#search-q').inputValue()).toBe('');
    });
  });
}

const brotli = existsSync(NGINX_BROTLI_MODULE);
mirrorSuite('nginx', NGINX, (port) =>
  startNginx(nginxConfig(plan, { listen: `127.0.0.1:${port}`, brotli }), port, { brotli }),
);
mirrorSuite('Caddy', CADDY, (port) =>
  startCaddy(caddyConfig(plan, { listen: `127.0.0.1:${port}` }), port),
);
