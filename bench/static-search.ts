import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { STATIC_SEARCH_FOLDER, STATIC_SEARCH_HEADER } from '../core/static-search-index.ts';
import { build } from '../generator/build.ts';
import { mirrorPlan } from '../generator/mirror/mirror-plan.ts';
import { nginxConfig } from '../generator/mirror/nginx-config.ts';
import { precompress } from '../generator/mirror/precompress.ts';
import { searchEnginePath } from '../generator/render/browser-bundle.ts';
import { launchChromium } from '../test/support/chromium.ts';
import {
  freePort,
  NGINX,
  NGINX_BROTLI_MODULE,
  startNginx,
} from '../test/support/mirror-servers.ts';
import { writeRepeatedCorpus } from './repeat-corpus.ts';

/**
 * Search on a static mirror, as a reader gets it: the repeated corpus (repeat-corpus.ts)
 * built, precompressed (`npm run mirror`'s brotli and gzip files) and served by nginx on
 * the generated config; chromium opens `/search/?q=` for each query. For each: the bytes
 * received before the first result is on the page, with an empty cache (every file the
 * page needed: the page, its stylesheet and scripts, the search engine and the static
 * index's files). With a warm cache (the same browser, after the cold load, its header box
 * once used, so it knows the host has no search function):
 * - the time from a query asked in the header box to its results: the box focused, as a
 *   reader does before typing, which starts its warm-up, and the query asked when the box
 *   asks at the earliest, BOX_DEBOUNCE_MS later (the figure held to the 100 ms target);
 * - the time from the query being asked on a loaded `/search/` page with nothing loaded
 *   ahead to its outcome (the engine imported and `searchPage` answered);
 * - the time from navigation to `/search/?q=` showing its first result.
 * The baseline for the latter, in the same run and browser: the time from navigation to the
 * load event of `/search/` with no query, warm, which is the page alone; the difference is
 * what the search adds to opening the page.
 */
const QUERIES = [
  'phishing',
  'browser isolation',
  'session tok',
  'prompt injection',
  'cred',
  'clipboard',
  'data exfil',
  'malicious extension',
];
const WARM_RUNS = 5;
/** The header box's pause after a keystroke before it searches (DEBOUNCE_MS in search-box.js), and its number of results (LIMIT). */
const BOX_DEBOUNCE_MS = 200;
const BOX_RESULTS = 8;
const BOX = 'form[data-search-box] input[name="q"]';
const BOX_STATUS = 'form[data-search-box] [role="status"]';

interface Sample {
  query: string;
  /** Compressed bytes of every response before the first result (bodies as sent, without headers). */
  bytes: number;
  /** Of which the search engine and the static index's files. */
  searchBytes: number;
  files: number;
  encodings: string;
  warm: number[];
  /** Warm searches asked in the header box, focused BOX_DEBOUNCE_MS before, from the question to the results. */
  box: number[];
  /** Warm searches asked on a loaded page with nothing loaded ahead, from the question to the outcome. */
  asked: number[];
  /** Warm loads of the page with no query, to its load event, between the searches. */
  baseline: number[];
}

/** Sets `window.firstResult` to the time the search outcome first appears; an init script, which the page's CSP does not govern. */
const WATCH_OUTCOME = `new MutationObserver((_, observer) => {
  if (document.querySelector('.search-outcome')) {
    window.firstResult = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });`;

async function firstResult(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const encodings = new Set<string>();
  page.on('response', (response) => {
    const encoding = response.headers()['content-encoding'];
    if (encoding) encodings.add(encoding);
  });
  await page.goto(url);
  await page.waitForFunction(() => 'firstResult' in window, undefined, { timeout: 60_000 });
  const { at, entries } = await page.evaluate(() => {
    const at = (window as unknown as { firstResult: number }).firstResult;
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ] as PerformanceResourceTiming[];
    return {
      at,
      entries: entries
        .filter((entry) => entry.responseEnd <= at)
        .map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.encodedBodySize })),
    };
  });
  await page.close();
  return { at, entries, encodings: [...encodings].sort().join(', ') || 'none' };
}

/** Navigation to the load event, in ms. */
async function pageLoad(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  const at = await page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
  );
  await page.close();
  return at;
}

/**
 * From a query asked on a loaded `/search/` page to its results, in ms: for the page, the
 * outcome the engine renders; in the header box, focused BOX_DEBOUNCE_MS before (its
 * warm-up's time), the box's own results.
 */
async function askedOnLoadedPage(
  context: BrowserContext,
  url: string,
  query: string,
  { inHeaderBox = false } = {},
) {
  const page = await context.newPage();
  await page.goto(`${url}/search/`, { waitUntil: 'load' });
  if (inHeaderBox) {
    await page.locator(BOX).focus();
    await page.waitForTimeout(BOX_DEBOUNCE_MS);
  }
  const ms = await page.evaluate(
    async ({ engine, query, limit }) => {
      const start = performance.now();
      const { search, searchPage } = await import(engine);
      await (limit ? search(query, limit) : searchPage(query));
      return performance.now() - start;
    },
    { engine: searchEnginePath(), query, limit: inHeaderBox ? BOX_RESULTS : 0 },
  );
  await page.close();
  return ms;
}

/** Has the header box learn, as a reader's first search in it does, that the host answers its search API with 501. */
async function useHeaderBox(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(`${url}/search/`, { waitUntil: 'load' });
  await page.locator(BOX).fill('phishing');
  await page.waitForFunction(
    (status) => document.querySelector(status)?.textContent !== '',
    BOX_STATUS,
  );
  await page.close();
}

const isSearchFile = (p: string) =>
  p === searchEnginePath() ||
  p === STATIC_SEARCH_HEADER ||
  p.startsWith(`${STATIC_SEARCH_FOLDER}/`);

async function measure(url: string): Promise<Sample[]> {
  const browser = await launchChromium();
  try {
    const samples: Sample[] = [];
    for (const query of QUERIES) {
      const target = `${url}/search/?q=${encodeURIComponent(query)}`;
      const context = await browser.newContext();
      await context.addInitScript(WATCH_OUTCOME);
      const cold = await firstResult(context, target);
      const warm: number[] = [];
      const box: number[] = [];
      const asked: number[] = [];
      const baseline: number[] = [];
      await useHeaderBox(context, url);
      for (let i = 0; i < WARM_RUNS; i++) {
        box.push(await askedOnLoadedPage(context, url, query, { inHeaderBox: true }));
        asked.push(await askedOnLoadedPage(context, url, query));
        warm.push((await firstResult(context, target)).at);
        baseline.push(await pageLoad(context, `${url}/search/`));
      }
      await context.close();
      samples.push({
        query,
        bytes: cold.entries.reduce((n, e) => n + e.bytes, 0),
        searchBytes: cold.entries
          .filter((e) => isSearchFile(e.path))
          .reduce((n, e) => n + e.bytes, 0),
        files: cold.entries.length,
        encodings: cold.encodings,
        warm,
        box,
        asked,
        baseline,
      });
    }
    return samples;
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export async function benchStaticSearch(records: number): Promise<void> {
  if (!existsSync(NGINX)) {
    console.log(`\nStatic search: skipped, ${NGINX} not found (apt-get install nginx-light)`);
    return;
  }
  const root = await mkdtemp(path.join(tmpdir(), 'bench-static-search-'));
  try {
    const content = path.join(root, 'content');
    const dist = path.join(root, 'dist');
    await writeRepeatedCorpus(path.resolve(import.meta.dirname, '../content'), content, records);
    await build({ contentDir: content, outDir: dist });
    await precompress(dist);
    const brotli = existsSync(NGINX_BROTLI_MODULE);
    const port = await freePort();
    const mirror = await startNginx(
      nginxConfig(await mirrorPlan({ root: dist }), { listen: `127.0.0.1:${port}`, brotli }),
      port,
      { brotli },
    );
    try {
      const samples = await measure(mirror.url);
      console.log(
        `\nStatic search on an nginx mirror (${records} records, chromium, precompressed ${brotli ? 'brotli and gzip' : 'gzip'}):`,
      );
      for (const s of samples)
        console.log(
          `  ${JSON.stringify(s.query).padEnd(22)} cold: ${kb(s.bytes).padStart(9)} in ${String(s.files).padStart(2)} files (search files ${kb(s.searchBytes)}, ${s.encodings})  warm: box ${median(s.box).toFixed(1)} ms, asked ${median(s.asked).toFixed(1)} ms, opened ${median(s.warm).toFixed(1)} ms (page alone ${median(s.baseline).toFixed(1)} ms)`,
        );
      const warm = samples.flatMap((s) => s.warm);
      const box = samples.flatMap((s) => s.box);
      const asked = samples.flatMap((s) => s.asked);
      const baseline = samples.flatMap((s) => s.baseline);
      const added = samples.flatMap((s) => s.warm.map((w, i) => w - s.baseline[i]!));
      console.log(
        `  bytes before the first result, empty cache: median ${kb(median(samples.map((s) => s.bytes)))}, max ${kb(Math.max(...samples.map((s) => s.bytes)))} (target 300 KB)`,
      );
      console.log(
        `  time to the first result, warm cache, asked in the header box ${BOX_DEBOUNCE_MS} ms after its focus: median ${median(box).toFixed(1)} ms, max ${Math.max(...box).toFixed(1)} ms over ${box.length} searches (target 100 ms)`,
      );
      console.log(
        `  time to the first result, warm cache, asked on a loaded page with nothing loaded ahead: median ${median(asked).toFixed(1)} ms, max ${Math.max(...asked).toFixed(1)} ms over ${asked.length} searches`,
      );
      console.log(
        `  time to the first result, warm cache, from navigation to /search/?q=: median ${median(warm).toFixed(1)} ms, max ${Math.max(...warm).toFixed(1)} ms over ${warm.length} loads`,
      );
      console.log(
        `  baseline, /search/ with no query to its load event, warm: median ${median(baseline).toFixed(1)} ms; the search adds a median ${median(added).toFixed(1)} ms (${(median(warm) / median(baseline)).toFixed(2)}x the page alone)`,
      );
    } finally {
      await mirror.stop();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
