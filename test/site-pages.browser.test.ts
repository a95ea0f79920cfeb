import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveRealSite, type TourStop, WIDTHS } from '../scripts/site-tour.ts';
import type { Listening } from '../server/listen.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';
import { chromiumAvailable, launchChromium } from './support/chromium.ts';

/**
 * Every kind of page of the real content, in a real browser at a phone's width (390 px,
 * dark scheme) and a laptop's (1280 px, light scheme): no console errors or warnings, no
 * horizontal scrolling of the page, no serious or critical axe-core violation (contrast
 * included, so both schemes are checked), one h1, the head metadata link previews need;
 * the home page's weight and origins; the header reached by keyboard alone.
 */
const available = chromiumAvailable('browser tests');

const AXE = readFileSync(
  path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js'),
  'utf8',
);
/** The home page with everything it loads: HTML, CSS, scripts, images, fonts. */
const HOME_BUDGET_BYTES = 150 * 1024;

let browser: Browser;
let server: Listening;
let stops: TourStop[];
const contexts = new Map<number, BrowserContext>();
/** Head metadata per page, gathered at every width: titles must differ between pages. */
const titles = new Map<string, string>();

const schemeAt = (width: number) => (width < 600 ? 'dark' : 'light');

async function open(
  context: BrowserContext,
  stop: TourStop,
): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // Chromium reports the 404 status of the not-found page itself; that status is what is being tested.
    if (stop.status === 404 && message.text().includes('status of 404')) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const response = await page.goto(server.url + stop.path);
  expect(response?.status(), stop.path).toBe(stop.status);
  await page.waitForLoadState('load');
  return { page, problems };
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP (no inline scripts) does not govern.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

describe.runIf(available)('every kind of page, at 390 and 1280 px', () => {
  beforeAll(async () => {
    ({ server, stops } = await serveRealSite(await temporaryDirectory('site-pages-')));
    browser = await launchChromium();
    for (const width of WIDTHS)
      contexts.set(
        width,
        await browser.newContext({
          viewport: { width, height: 844 },
          colorScheme: schemeAt(width),
        }),
      );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('visits one page of every kind', () => {
    expect(stops.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'home',
        'threats',
        'threats-record',
        'posts-record',
        'pricing',
        'contact',
        'api-reference',
        'search',
        'about',
        'not-found',
      ]),
    );
    expect(stops).toHaveLength(19);
  });

  for (const width of WIDTHS) {
    it(`at ${width} px (${schemeAt(width)} scheme): no console problem, no page overflow, no serious axe violation, one h1, the head metadata`, async () => {
      const failures: string[] = [];
      for (const stop of stops) {
        const { page, problems } = await open(contexts.get(width)!, stop);
        const facts = await page.evaluate(() => {
          const meta = (key: string) =>
            document
              .querySelector(`meta[property="${key}"], meta[name="${key}"]`)
              ?.getAttribute('content') ?? '';
          return {
            overflow: document.documentElement.scrollWidth - innerWidth,
            h1: document.querySelectorAll('h1').length,
            title: document.title,
            description: meta('description'),
            canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
            og: {
              'og:title': meta('og:title'),
              'og:description': meta('og:description'),
              'og:image': meta('og:image'),
              'og:url': meta('og:url'),
              'og:image:alt': meta('og:image:alt'),
            },
          };
        });
        const fail = (what: string) => failures.push(`${stop.path}: ${what}`);
        for (const problem of problems) fail(problem);
        if (facts.overflow > 0) fail(`the page scrolls sideways by ${facts.overflow} px`);
        if (facts.h1 !== 1) fail(`${facts.h1} h1 elements`);
        for (const [name, value] of Object.entries({
          title: facts.title,
          description: facts.description,
          ...facts.og,
        }))
          if (!value) fail(`no ${name}`);
        for (const url of [facts.canonical, facts.og['og:url'], facts.og['og:image']])
          if (!/^https?:\/\//.test(url)) fail(`"${url}" is not an absolute URL`);
        if (facts.og['og:url'] !== facts.canonical)
          fail(`og:url ${facts.og['og:url']} differs from the canonical URL ${facts.canonical}`);
        for (const violation of await seriousViolations(page)) fail(violation);
        const earlier = titles.get(facts.title);
        if (earlier && earlier !== stop.path)
          fail(`the title "${facts.title}" is also the title of ${earlier}`);
        titles.set(facts.title, stop.path);
        await page.close();
      }
      expect(failures).toEqual([]);
    });
  }

  it('lets no page of the sitemap scroll sideways at 390 px: tables and code scroll in their own box, reachable by keyboard', async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(pages.length).toBeGreaterThan(100);
    const page = await contexts.get(390)!.newPage();
    const failures: string[] = [];
    const scrolling: string[] = [];
    for (const pathname of pages) {
      await page.goto(server.url + pathname);
      const { overflow, boxes } = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - innerWidth,
        boxes: [...document.querySelectorAll('.table-scroll, pre')].filter(
          (box) => box.scrollWidth > box.clientWidth,
        ).length,
      }));
      if (overflow > 0) failures.push(`${pathname}: the page scrolls sideways by ${overflow} px`);
      // A box that scrolls must be reachable and named (axe: scrollable-region-focusable).
      if (boxes > 0) {
        scrolling.push(pathname);
        for (const violation of await seriousViolations(page))
          failures.push(`${pathname}: ${violation}`);
      }
    }
    expect(failures).toEqual([]);
    // The real content has tables wider than a phone (in posts): the check above had boxes to check.
    expect(scrolling.length).toBeGreaterThan(0);
    await page.close();
  });

  it('serves every social image as a 1200x630 PNG the browser decodes', async () => {
    const { page } = await open(contexts.get(1280)!, stops[0]!);
    const images = new Set<string>();
    for (const stop of stops) {
      const html = await (await fetch(server.url + stop.path)).text();
      images.add(new URL(/<meta property="og:image" content="([^"]+)">/.exec(html)![1]!).pathname);
    }
    expect(images.size).toBe(7);
    for (const image of images) {
      const size = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      }, image);
      expect(size, image).toEqual([1200, 630]);
    }
    await page.close();
  });

  it(`loads the home page in at most ${HOME_BUDGET_BYTES / 1024} KB, all from its own origin`, async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const requests: string[] = [];
    const sizes: Promise<number>[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('requestfinished', (request) =>
      sizes.push(request.sizes().then((s) => s.responseHeadersSize + s.responseBodySize)),
    );
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    const total = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests.filter((url) => new URL(url).origin !== server.url)).toEqual([]);
    expect(total).toBeLessThanOrEqual(HOME_BUDGET_BYTES);
    await context.close();
  });

  it('lays the header out in one row at 1280 px; at 390 px brand and search share a row, the navigation below them', async () => {
    for (const width of WIDTHS) {
      const { page } = await open(contexts.get(width)!, stops[0]!);
      const box = async (selector: string) => (await page.locator(selector).boundingBox())!;
      const [brand, nav, search] = [
        await box('.site-header .brand'),
        await box('nav[aria-label="Main"]'),
        await box('.header-search'),
      ];
      const sameRow = (a: typeof brand, b: typeof brand) =>
        a.y < b.y + b.height && b.y < a.y + a.height;
      if (width === 1280) {
        expect(
          [sameRow(brand, nav), sameRow(nav, search)],
          'brand, navigation and search in one row',
        ).toEqual([true, true]);
        expect(search.x).toBeGreaterThan(nav.x + nav.width);
      } else {
        expect(sameRow(brand, search), 'brand and search in one row').toBe(true);
        expect(nav.y).toBeGreaterThanOrEqual(
          Math.max(brand.y + brand.height, search.y + search.height) - 1,
        );
        expect(nav.x + nav.width).toBeLessThanOrEqual(width);
      }
      await page.close();
    }
  });

  for (const width of WIDTHS) {
    it(`reaches every link of the main navigation and the header search by Tab alone at ${width} px`, async () => {
      const { page } = await open(contexts.get(width)!, stops[0]!);
      const targets = await page.locator('nav[aria-label="Main"] a, .header-search input').count();
      const reached = new Set<string>();
      for (let i = 0; i < 20 && reached.size < targets; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement;
          const inHeader = element?.closest('nav[aria-label="Main"], .header-search');
          if (!element || !inHeader) return undefined;
          const box = element.getBoundingClientRect();
          // Reached and visible: inside the viewport, not clipped away.
          const visible =
            box.width > 0 &&
            box.height > 0 &&
            box.left >= 0 &&
            box.right <= innerWidth &&
            box.top >= 0;
          return `${element.tagName} ${element.getAttribute('href') ?? element.getAttribute('name')} ${visible ? 'visible' : 'hidden'}`;
        });
        if (focused) reached.add(focused);
      }
      expect([...reached].filter((f) => f.endsWith('hidden'))).toEqual([]);
      expect(reached.size).toBe(targets);
      expect([...reached]).toContain('INPUT q visible');
      await page.close();
    });
  }
});
