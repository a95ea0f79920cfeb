import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listening } from '../server/listen.ts';
import { prepareSite } from './support/host-process.ts';
import { startServer } from './support/http-server.ts';
import { syntheticSlug } from './support/synthetic-corpus.ts';
import { chromiumAvailable, launchChromium } from './support/chromium.ts';

/**
 * Search in a real browser (Debian's chromium) where functions run: the header box as a
 * combobox with JavaScript, the server-rendered results page without it, and axe-core on
 * each (no serious or critical violation). Skipped loudly when chromium is missing, as
 * test/browser.test.ts is. Search on a mirror: test/static-search-browser.test.ts.
 */
const available = chromiumAvailable('search browser tests');

const BOX = 'form[data-search-box] input[name="q"]';
const LISTBOX = '[role="listbox"]';

let browser: Browser;
let server: Listening;

const contexts: BrowserContext[] = [];
async function newPage(
  options: { javaScriptEnabled?: boolean; bypassCSP?: boolean } = {},
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext(options);
  contexts.push(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return { page, problems };
}

/** axe-core's serious and critical violations on the page as it is now (the context must bypass the CSP to inject it). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(
    await readFile(
      path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js'),
      'utf8',
    ),
  );
  const violations = await page.evaluate(async () => {
    const { violations } = await (
      window as unknown as {
        axe: {
          run(): Promise<{
            violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe.run();
    return violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const box = (page: Page) => page.locator(BOX);
const options = (page: Page) => page.locator(`${LISTBOX} [role="option"]`);
const liveRegion = (page: Page) => page.locator('form[data-search-box] [role="status"]');

describe.runIf(available)('search in a browser', () => {
  beforeAll(async () => {
    const site = await prepareSite(2);
    server = await startServer({ distDir: site.distDir, dataDir: site.dataDir });
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  describe('without JavaScript', () => {
    it('submits the header search to /search/?q= and shows the results the server rendered, the query kept', async () => {
      const { page } = await newPage({ javaScriptEnabled: false });
      await page.goto(`${server.url}/threats/`);
      await box(page).fill('threats rec');
      await box(page).press('Enter');
      await page.waitForURL(/\/search\/\?q=threats\+rec$/);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('.search-outcome h2').textContent()).toBe(
        '2 results for “threats rec”',
      );
      expect(
        await page
          .locator('.search-results a')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).toEqual([
        `/threats/${syntheticSlug('threats', 0)}/`,
        `/threats/${syntheticSlug('threats', 1)}/`,
      ]);
      expect(await page.locator('#search-q').inputValue()).toBe('threats rec');
      expect(await page.title()).toMatch(/^Search results for “threats rec” \| /);
      // A listed result opens its page.
      await page.locator('.search-results a').first().click();
      await page.waitForURL(new RegExp(`/threats/${syntheticSlug('threats', 0)}/$`));
    });

    it('shows a hostile query as text: no element of its own', async () => {
      const { page } = await newPage({ javaScriptEnabled: false });
      const q = '"><img src=x id=injected><script id=injected>document.title="owned"</script>';
      await page.goto(`${server.url}/search/?q=${encodeURIComponent(q)}`);
      expect(await page.locator('#injected').count()).toBe(0);
      expect(await page.locator('#search-q').inputValue()).toBe(q);
      expect(await page.locator('.search-outcome h2').textContent()).toBe(`No results for “${q}”`);
      expect(await page.title()).toBe(`Search results for “${q}” | Detour Security`);
    });

    it('has no serious or critical accessibility violation on the results, no-results and refused pages', async () => {
      // axe needs the page's event loop, which turning JavaScript off stops; the page's own scripts change nothing on these pages.
      const { page } = await newPage({ bypassCSP: true });
      for (const q of ['record', 'zzzznothing', 'x'.repeat(513)]) {
        await page.goto(`${server.url}/search/?q=${q}`);
        expect(await axeViolations(page), q).toEqual([]);
      }
    });
  });

  describe('with JavaScript', () => {
    it('reaches the box with Tab alone, lists results as you type and announces their count', async () => {
      const { page, problems } = await newPage();
      await page.goto(`${server.url}/`);
      await expect.poll(() => box(page).getAttribute('role')).toBe('combobox');
      let tabs = 0;
      while (!(await box(page).evaluate((el) => el === document.activeElement)) && tabs < 40) {
        await page.keyboard.press('Tab');
        tabs++;
      }
      expect(tabs).toBeLessThan(40);
      expect(await box(page).getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.type('threats rec');
      await expect.poll(() => options(page).count()).toBe(2);
      expect(await box(page).getAttribute('aria-expanded')).toBe('true');
      expect(await box(page).getAttribute('aria-controls')).toBe(
        await page.locator(LISTBOX).getAttribute('id'),
      );
      expect(await page.locator(LISTBOX).isVisible()).toBe(true);
      await expect.poll(() => liveRegion(page).textContent()).toBe('2 results for “threats rec”.');
      expect(await liveRegion(page).getAttribute('aria-live')).toBe('polite');
      expect(await options(page).first().textContent()).toMatch(/^threats record 0 .* Threats$/);
      expect(problems).toEqual([]);
    });

    it('moves through the results with the arrow keys and opens the chosen one with Enter', async () => {
      const { page, problems } = await newPage();
      await page.goto(`${server.url}/about/`);
      await box(page).click();
      await page.keyboard.type('record 1');
      await expect.poll(() => options(page).count()).toBe(6);
      const ids = await options(page).evaluateAll((list) => list.map((o) => o.id));
      const activeId = () => box(page).getAttribute('aria-activedescendant');
      const selected = () =>
        page
          .locator('[role="option"][aria-selected="true"]')
          .evaluateAll((list) => list.map((o) => o.id));
      expect(await activeId()).toBeNull();
      await page.keyboard.press('ArrowDown');
      expect(await activeId()).toBe(ids[0]);
      expect(await selected()).toEqual([ids[0]]);
      await page.keyboard.press('ArrowDown');
      expect(await activeId()).toBe(ids[1]);
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      // Up from the first wraps to the last; focus never left the box.
      expect(await activeId()).toBe(ids.at(-1));
      expect(await selected()).toEqual([ids.at(-1)]);
      expect(await box(page).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowDown');
      expect(await activeId()).toBe(ids[0]);
      const href = await page.locator(`#${ids[0]}`).getAttribute('href');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.url}${href}`);
      expect(problems).toEqual([]);
    });

    it('goes to /search/?q= on Enter when no result is chosen', async () => {
      const { page } = await newPage();
      await page.goto(`${server.url}/`);
      await box(page).click();
      await page.keyboard.type('glossary rec');
      await expect.poll(() => options(page).count()).toBe(2);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/search\/\?q=glossary\+rec$/);
      expect(await page.locator('.search-results li').count()).toBe(2);
    });

    it('closes the list on Escape, clears the box on a second Escape, and closes it on a click outside', async () => {
      const { page } = await newPage();
      await page.goto(`${server.url}/`);
      await box(page).click();
      await page.keyboard.type('posts');
      await expect.poll(() => options(page).count()).toBe(2);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Escape');
      expect(await page.locator(LISTBOX).isVisible()).toBe(false);
      expect(await box(page).getAttribute('aria-expanded')).toBe('false');
      expect(await box(page).getAttribute('aria-activedescendant')).toBeNull();
      expect(await box(page).inputValue()).toBe('posts');
      await page.keyboard.press('ArrowDown');
      expect(await page.locator(LISTBOX).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      expect(await box(page).inputValue()).toBe('');
      expect(await options(page).count()).toBe(0);

      await page.keyboard.type('posts');
      await expect.poll(() => page.locator(LISTBOX).isVisible()).toBe(true);
      await page.locator('h1').click();
      expect(await page.locator(LISTBOX).isVisible()).toBe(false);
      expect(await box(page).getAttribute('aria-expanded')).toBe('false');
      // A click on a result opens it.
      await box(page).click();
      expect(await page.locator(LISTBOX).isVisible()).toBe(true);
      const href = await options(page).nth(1).getAttribute('href');
      await options(page).nth(1).click();
      await page.waitForURL(`${server.url}${href}`);
    });

    it('says when nothing matches, with the list closed', async () => {
      const { page } = await newPage();
      await page.goto(`${server.url}/`);
      await box(page).click();
      await page.keyboard.type('zzzznothing');
      await expect.poll(() => liveRegion(page).textContent()).toBe('No results for “zzzznothing”.');
      expect(await box(page).getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator(LISTBOX).isVisible()).toBe(false);
    });

    it('aborts a request that newer typing overtook, and shows only the newest results', async () => {
      const { page } = await newPage();
      const held: (() => Promise<void>)[] = [];
      const aborted: string[] = [];
      page.on('requestfailed', (request) =>
        aborted.push(new URL(request.url()).searchParams.get('q')!),
      );
      // The first search is held until the second has been answered, as a slow network would.
      await page.route('**/api/v1/search?*', async (route) => {
        if (new URL(route.request().url()).searchParams.get('q') === 'threats') {
          held.push(() => route.continue().catch(() => undefined));
          return;
        }
        await route.continue();
      });
      await page.goto(`${server.url}/`);
      await box(page).click();
      await page.keyboard.type('threats');
      await expect.poll(() => held.length).toBe(1);
      await page.keyboard.type(' record 1');
      await expect
        .poll(() => liveRegion(page).textContent())
        .toBe('1 result for “threats record 1”.');
      await held[0]!();
      await expect.poll(() => aborted).toEqual(['threats']);
      expect(await options(page).count()).toBe(1);
      expect(await options(page).first().getAttribute('href')).toBe(
        `/threats/${syntheticSlug('threats', 1)}/`,
      );
    });

    it('has no serious or critical accessibility violation with the list open and a result chosen', async () => {
      const { page } = await newPage({ bypassCSP: true });
      await page.goto(`${server.url}/`);
      await box(page).click();
      await page.keyboard.type('record');
      await expect.poll(() => options(page).count()).toBe(8);
      await page.keyboard.press('ArrowDown');
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
