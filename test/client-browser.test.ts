import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listening } from '../server/listen.ts';
import { prepareSite } from './support/host-process.ts';
import { startServer } from './support/http-server.ts';
import { chromiumAvailable, launchChromium } from './support/chromium.ts';

/**
 * The client (client/) in a real browser (Debian's chromium) as a page on another origin
 * loads it: its file as it is, openapi-fetch through an import map, no build step. It
 * reads the API of `npm start`'s server across origins (CORS).
 */
const available = chromiumAvailable("the client's browser test");

const PROJECT = path.resolve(import.meta.dirname, '..');
const PAGE = `<!doctype html>
<script type="importmap">{ "imports": { "openapi-fetch": "/openapi-fetch.mjs" } }</script>
<script type="module">
  import { createContentClient, ContentApiError } from '/client/index.js';
  const api = createContentClient({ baseUrl: new URL(location.href).searchParams.get('api') });
  const threats = [];
  for await (const summary of api.records('threats')) threats.push(summary);
  const record = await api.get('threats', threats[0].slug);
  const missing = await api.get('threats', 'no-such-threat').catch((e) => e);
  window.result = {
    slugs: threats.map((t) => t.slug),
    title: record.data.title,
    error: missing instanceof ContentApiError ? [missing.status, missing.code, missing.requestId] : String(missing),
  };
</script>`;

let api: Listening;
let page: Server;
let browser: Browser;

beforeAll(async () => {
  if (!available) return;
  const site = await prepareSite(3);
  api = await startServer({ distDir: site.distDir, dataDir: site.dataDir });
  const files: Record<string, [string, string]> = {
    '/client/index.js': [path.join(PROJECT, 'client/index.js'), 'text/javascript'],
    '/openapi-fetch.mjs': [
      path.join(PROJECT, 'node_modules/openapi-fetch/dist/index.mjs'),
      'text/javascript',
    ],
  };
  page = createServer(async (request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://page').pathname];
    if (!file) return void response.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE);
    response.writeHead(200, { 'Content-Type': file[1] }).end(await readFile(file[0]));
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  page?.close();
  await api?.close();
});

describe.runIf(available)('the client in a browser', () => {
  it('runs as it is, reads every threat and one record across origins, and types an Error', async () => {
    const tab = await browser.newPage();
    const problems: string[] = [];
    tab.on('pageerror', (e) => problems.push(e.message));
    const { port } = page.address() as AddressInfo;
    await tab.goto(`http://127.0.0.1:${port}/?api=${encodeURIComponent(api.url)}`);
    const result = (await tab
      .waitForFunction(() => (window as { result?: unknown }).result, null, {
        timeout: 20_000,
      })
      .then((handle) => handle.jsonValue())) as {
      slugs: string[];
      title: string;
      error: unknown[];
    };
    expect(problems).toEqual([]);
    expect(result.slugs).toHaveLength(3);
    expect(result.title.length).toBeGreaterThan(2);
    expect(result.error.slice(0, 2)).toEqual([404, 'not_found']);
    expect(result.error[2]).toBeTruthy();
  });
});
