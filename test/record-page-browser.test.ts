import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from './support/built-site.ts';
import { startServer } from './support/http-server.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';
import { chromiumAvailable, launchChromium } from './support/chromium.ts';

/**
 * A record page of the shipped content on a phone-sized screen, in light and dark: nothing
 * wider than the screen, and no serious or critical accessibility violation (axe-core).
 * Skipped, loudly, without Debian's chromium, as in browser.test.ts.
 */
const available = chromiumAvailable('record page browser tests');

// A long title, a severity badge, a long API path, related records on both sides, and both neighbours.
const PAGE = '/exposures/leaked-credentials-in-public-repository/';

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
let axeSource: string;

interface AxeResults {
  violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
}

describe.runIf(available)('a record page in a browser', () => {
  beforeAll(async () => {
    const site = await buildSite();
    server = await startServer({
      distDir: site.dir,
      dataDir: await temporaryDirectory('record-browser-'),
    });
    browser = await launchChromium();
    axeSource = await readFile(
      path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js'),
      'utf8',
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`fits 390 px and has no serious or critical axe violation (${colorScheme})`, async () => {
      // bypassCSP lets the test inject axe-core; the page itself runs under its strict policy otherwise.
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        colorScheme,
        bypassCSP: true,
      });
      const page = await context.newPage();
      const response = await page.goto(server.url + PAGE);
      expect(response?.status()).toBe(200);
      expect(
        await page.locator('nav[aria-label="Breadcrumb"] [aria-current="page"]').textContent(),
      ).toBe('Credentials leaked in a public code repository');
      expect(await page.locator('.badge-severity').textContent()).toBe('Severity: Critical');

      const overflow = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        wide: [...document.querySelectorAll('main *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((el) => el.outerHTML.slice(0, 80)),
      }));
      expect(overflow.wide).toEqual([]);
      expect(overflow.page).toBeLessThanOrEqual(390);

      await page.evaluate(axeSource);
      const results = await page.evaluate(
        async () =>
          (await (
            window as unknown as { axe: { run(): Promise<AxeResults> } }
          ).axe.run()) as AxeResults,
      );
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
      await context.close();
    });
  }
});
