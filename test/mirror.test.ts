import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_KEYS } from '../core/collections.ts';
import { caddyConfig } from '../generator/mirror/caddy-config.ts';
import { headersFor, mirrorPlan, type MirrorPlan } from '../generator/mirror/mirror-plan.ts';
import { nginxConfig } from '../generator/mirror/nginx-config.ts';
import { precompress } from '../generator/mirror/precompress.ts';
import { assetPath, FINGERPRINTED_ASSETS } from '../generator/render/asset-names.ts';
import { searchEnginePath } from '../generator/render/browser-bundle.ts';
import {
  STATIC_SEARCH_HEADER,
  type StaticSearchHeader,
  staticSearchFile,
} from '../core/static-search-index.ts';
import { markdownTwinPath, prefersMarkdown } from '../runtime/markdown-negotiation.ts';
import type { Listening } from '../server/listen.ts';
import { clientChecks } from './support/client-checks.ts';
import { startServer } from './support/http-server.ts';
import {
  CADDY,
  freePort,
  NGINX,
  NGINX_BROTLI_MODULE,
  serverAvailable,
  startCaddy,
  startNginx,
  testNginxConfig,
  type MirrorServer,
} from './support/mirror-servers.ts';
import { send, type RawResponse } from './support/raw-http.ts';
import { prepareSite } from './support/host-process.ts';
import { syntheticSlug } from './support/synthetic-corpus.ts';

/**
 * The mirror kit on real servers. A synthetic build, precompressed, is served by the local
 * server (the reference) and by Debian's nginx and Caddy on the generated configs; the same
 * requests must get the same status, Content-Type, `_headers` headers, Allow, Location and
 * body. Then what only a mirror does: the 501 naming the full API, and precompressed files.
 * .ci/run installs both servers; elsewhere a missing one is skipped with a warning.
 */
const FULL_API = 'https://full.example';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const ACCEPTS = [
  undefined,
  'text/html',
  '*/*',
  'text/markdown',
  'text/markdown, text/html;q=0.9',
  'text/html, text/markdown;q=0.5',
  'text/markdown;q=0',
  BROWSER_ACCEPT,
];

let root: string;
let dist: string;
let plan: MirrorPlan;
let local: Listening;

beforeAll(async () => {
  const site = await prepareSite(3);
  dist = site.distDir;
  root = path.dirname(dist);
  await precompress(dist);
  plan = await mirrorPlan({ root: dist, apiUrl: FULL_API });
  local = await startServer({
    distDir: dist,
    dataDir: path.join(root, 'data'),
    readRateLimit: { limit: 100_000, windowSeconds: 60 },
  });
});
afterAll(() => local?.close());

interface Case {
  path: string;
  method?: string;
  accept?: string;
  /** How the two bodies must agree: the same bytes, the same JSON, the same Error code, or not at all (redirects, HEAD). */
  body: 'bytes' | 'json' | 'code' | 'none';
  /** The path whose `_headers` rules the answer carries, when it is not the requested path (error pages, Markdown twins). */
  served?: string;
}

const slug = (key: (typeof COLLECTION_KEYS)[number]) => syntheticSlug(key, 1);

const API_CASES: Case[] = [
  ...[
    '/api/v1',
    '/api/v1/',
    '/api/v1/pricing',
    '/api/v1/pricing/',
    '/api/v1/openapi.json',
    '/api/v1/threats.json',
  ].map((p): Case => ({ path: p, body: 'bytes' })),
  // The local server answers a list from a function (compact JSON), a mirror from the file (indented).
  ...COLLECTION_KEYS.flatMap((key): Case[] => [
    { path: `/api/v1/${key}`, body: 'json' },
    { path: `/api/v1/${key}/`, body: 'json' },
    { path: `/api/v1/${key}?q=ignored&limit=`, body: 'json' },
    { path: `/api/v1/${key}/${slug(key)}`, body: 'bytes' },
    { path: `/api/v1/${key}/${slug(key)}/`, body: 'bytes' },
  ]),
  ...[
    '/api/v1/nope',
    '/api/v1/threats/no-such-slug',
    '/api/v1/threats/UPPER',
    '/api/v1/threats/x/y',
    '/api/v2',
    '/api/anything',
    '/api/404.json',
    '/api/404',
    '/api/',
    '/api/v1/openapi.json/',
  ].map((p): Case => ({ path: p, body: 'code' })),
];

/** Every other spelling of a path is a 404 before anything else, whatever the method (core/canonical-path.ts). */
const NON_CANONICAL_CASES: Case[] = [
  ...[
    '/API/V1',
    '/Api/v1/threats',
    `/api/v1/threats/${slug('threats').toUpperCase()}`,
    '//api/v1/threats',
    '/api//v1',
    '/api/v1//pricing',
    '/api/v1/threat%73',
    '/api/v1/threats%2F',
    '/%61pi/v1',
  ].flatMap((p): Case[] => [
    { path: p, body: 'code', served: '/api/404.json' },
    { path: p, method: 'POST', body: 'code', served: '/api/404.json' },
  ]),
  ...['/orgs//x', '/ORGS/x/api/key', '/orgs/x/_api'].map(
    (p): Case => ({ path: p, body: 'code', served: '/api/404.json' }),
  ),
  ...[
    '//threats/',
    '//threats',
    '/Threats/',
    '/threats//',
    '/thre%61ts/',
    '/_data/service.json',
    '//_data/service.json',
    '/_redirects',
    '/.env',
    '/assets/.x',
  ].flatMap((p): Case[] => [
    { path: p, body: 'bytes', served: '/404.html' },
    { path: p, method: 'POST', body: 'bytes', served: '/404.html' },
    { path: p, method: 'HEAD', body: 'none', served: '/404.html' },
  ]),
];

const METHOD_CASES: Case[] = [
  ...[
    '/api/v1',
    '/api/v1/threats',
    `/api/v1/threats/${slug('threats')}`,
    '/api/v1/pricing',
    '/api/v1/openapi.json',
    '/api/v1/search',
  ].flatMap((p) =>
    ['POST', 'PUT', 'DELETE'].map((method): Case => ({ path: p, method, body: 'code' })),
  ),
  ...['/api/v1/nope', '/api/v2', '/api/v1/threats/UPPER'].map(
    (p): Case => ({ path: p, method: 'POST', body: 'code' }),
  ),
  ...[
    '/api/v1',
    `/api/v1/threats/${slug('threats')}`,
    '/api/v1/threats',
    '/api/v1/nope',
    '/threats/',
    '/llms.txt',
  ].map((p): Case => ({ path: p, method: 'HEAD', body: 'none' })),
  { path: '/', method: 'POST', body: 'none' },
];

const PAGES = [
  '/',
  '/threats/',
  `/threats/${slug('threats')}/`,
  `/posts/${slug('posts')}/`,
  '/pricing/',
  '/docs/',
  '/docs/api/',
  '/about/',
  '/contact/',
  '/search/',
];

const SITE_CASES: Case[] = [
  ...PAGES.map((p): Case => ({ path: p, body: 'bytes' })),
  ...[
    '/404.html',
    '/llms.txt',
    '/llms-full.txt',
    '/sitemap.xml',
    '/posts/feed.xml',
    '/robots.txt',
    assetPath('site.css'),
    assetPath('search.js'),
    '/assets/favicon.svg',
    '/assets/social/site.png',
    '/threats/index.html.md',
  ].map((p): Case => ({ path: p, body: 'bytes' })),
  { path: '/threats', body: 'none' },
  { path: '/assets', body: 'none' },
  ...[
    '/no/such/page/',
    '/nope',
    '/assets/nope.css',
    '/assets/site.css',
    '/assets/',
    '/_data/summaries/posts.json',
    '/_data/service.json',
  ].map((p): Case => ({ path: p, body: 'bytes', served: '/404.html' })),
];

/** Every page against every Accept value of ACCEPTS; the reference functions say which answers are twins. */
const TWIN_CASES: Case[] = [
  ...['/', '/threats/', '/threats', `/posts/${slug('posts')}/`, '/pricing/'].flatMap((page) =>
    ACCEPTS.map((accept): Case => {
      const twin = prefersMarkdown(accept ?? null) ? markdownTwinPath(page) : undefined;
      if (twin) return { path: page, accept, body: 'bytes', served: twin };
      return { path: page, accept, body: page.endsWith('/') ? 'bytes' : 'none' };
    }),
  ),
  { path: '/no/such/page/', accept: 'text/markdown', body: 'bytes', served: '/404.html' },
  ...['/api/v1', '/llms.txt', assetPath('site.css'), '/sitemap.xml'].map(
    (p): Case => ({ path: p, accept: 'text/markdown', body: 'bytes' }),
  ),
];

const label = (c: Case) =>
  `${c.method ?? 'GET'} ${c.path}${c.accept ? ` (Accept: ${c.accept})` : ''}`;

/** Vary without the Accept-Encoding a server adds beside a precompressed file; the local server has none. */
const withoutEncoding = (vary: string | undefined) =>
  vary
    ?.split(',')
    .map((v) => v.trim())
    .filter((v) => v.toLowerCase() !== 'accept-encoding')
    .join(', ') || undefined;

async function compare(mirror: MirrorServer, c: Case): Promise<void> {
  const init = { method: c.method, headers: c.accept ? { accept: c.accept } : undefined };
  const want = await send(local.url, c.path, init);
  const got = await send(mirror.url, c.path, init);
  const what = label(c);
  expect(got.status, what).toBe(want.status);
  if (want.headers['content-type'])
    expect(got.headers['content-type'], what).toBe(want.headers['content-type']);
  for (const name of ['allow', 'location'])
    expect(got.headers[name], `${what}: ${name}`).toBe(want.headers[name]);

  // Every header _headers can set: the mirror sends exactly what the rules give the path it
  // serves, on every answer (an error with the error headers); the local server sends the
  // same, except on what code answers.
  const rules = {
    ...headersFor(plan.headers, (c.served ?? c.path).replace(/\?.*/, '')),
    ...(want.status >= 400 ? plan.errorHeaders : {}),
  };
  for (const name of new Set(
    [...plan.headers.map((h) => h.name), ...Object.keys(plan.errorHeaders)].filter(
      (n) => n !== 'Content-Type',
    ),
  )) {
    const key = name.toLowerCase();
    const mirrored = key === 'vary' ? withoutEncoding(got.headers[key]) : got.headers[key];
    expect(mirrored, `${what}: ${name}`).toBe(rules[name]);
    if (want.headers[key] !== undefined)
      expect(want.headers[key], `${what}: ${name} (local)`).toBe(rules[name]);
  }

  if (c.method === 'HEAD') expect(got.body.length, what).toBe(0);
  if (c.body === 'bytes') expect(got.body.equals(want.body), `${what}: body`).toBe(true);
  if (c.body === 'json')
    expect(JSON.parse(got.body.toString()), `${what}: body`).toEqual(
      JSON.parse(want.body.toString()),
    );
  if (c.body === 'code') expect(errorCode(got), what).toBe(errorCode(want));
}

function errorCode(response: RawResponse): string {
  expect(response.headers['content-type']).toBe(plan.jsonType);
  return (JSON.parse(response.body.toString()) as { code: string }).code;
}

const file = (urlPath: string) => readFile(path.join(dist, urlPath));

function mirrorSuite(
  name: string,
  available: boolean,
  start: (plan: MirrorPlan, port: number) => Promise<MirrorServer>,
  encodings: () => string[],
) {
  describe.runIf(available)(`a mirror on ${name}`, () => {
    let mirror: MirrorServer;
    beforeAll(async () => {
      mirror = await start(plan, await freePort());
    });
    afterAll(() => mirror?.stop());

    it('keeps the fingerprinted stylesheet and scripts a year, immutable, as the local server does, and the icons an hour', async () => {
      for (const server of [local, mirror]) {
        for (const asset of FINGERPRINTED_ASSETS) {
          const answer = await send(server.url, assetPath(asset));
          expect(answer.status, asset).toBe(200);
          expect(answer.headers['cache-control'], asset).toBe(
            'public, max-age=31536000, immutable',
          );
        }
        const icon = await send(server.url, '/assets/favicon.svg');
        expect(icon.headers['cache-control']).toBe('public, max-age=3600');
      }
    });

    it("keeps the static search index's files a year, immutable, and asks again for its header each time, as the local server does", async () => {
      const { meta, termFiles, documentFiles } = JSON.parse(
        (await file(STATIC_SEARCH_HEADER)).toString(),
      ) as StaticSearchHeader;
      const cases = [
        searchEnginePath(),
        STATIC_SEARCH_HEADER,
        staticSearchFile(meta),
        staticSearchFile(termFiles[0]![1]),
        staticSearchFile(documentFiles[0]!),
      ];
      for (const p of cases) await compare(mirror, { path: p, body: 'bytes' });
      for (const server of [local, mirror]) {
        const header = await send(server.url, STATIC_SEARCH_HEADER);
        expect(header.headers['cache-control']).toBe('no-cache');
        for (const shard of cases.slice(2))
          expect((await send(server.url, shard)).headers['cache-control'], shard).toBe(
            'public, max-age=31536000, immutable',
          );
        const again = await send(server.url, STATIC_SEARCH_HEADER, {
          headers: { 'if-none-match': header.headers.etag! },
        });
        expect(again.status).toBe(304);
      }
    });

    describe('the typed client (client/)', () =>
      clientChecks(
        () => mirror.url,
        () => '',
        { perCollection: 3, dynamic: false },
      ));

    it('serves the API documents, and the JSON 404, as the local server does', async () => {
      for (const c of API_CASES) await compare(mirror, c);
    });

    it('answers every other spelling of a path with a 404 before anything else, as the local server does', async () => {
      for (const c of NON_CANONICAL_CASES) await compare(mirror, c);
    });

    it('never serves a path with a malformed escape', async () => {
      // nginx refuses it while parsing the request (400, its own page), before any configuration applies.
      for (const target of ['/api/v1/%zz', '/threats/%zz/', '/%']) {
        expect([400, 404], target).toContain((await send(mirror.url, target)).status);
        expect((await send(local.url, target)).status, target).toBe(404);
      }
    });

    it('answers byte ranges and conditional requests as the local server does', async () => {
      for (const target of ['/api/v1', '/threats/', '/llms.txt', assetPath('site.css')]) {
        for (const range of ['bytes=2-9', 'bytes=-5', 'bytes=3-', 'bytes=999999-', 'bytes=9-2']) {
          const want = await send(local.url, target, { headers: { range } });
          const got = await send(mirror.url, target, { headers: { range } });
          const what = `${target} (Range: ${range})`;
          expect(got.status, what).toBe(want.status);
          // Caddy (Go's http.ServeContent) leaves out Content-Range on a range that ends before it starts.
          if (range !== 'bytes=9-2')
            expect(got.headers['content-range'], what).toBe(want.headers['content-range']);
          if (want.status === 206) expect(got.body.equals(want.body), what).toBe(true);
        }
        for (const server of [local, mirror]) {
          const first = await send(server.url, target);
          const again = await send(server.url, target, {
            headers: { 'if-none-match': first.headers.etag! },
          });
          expect(again.status, `${server.url}${target}`).toBe(304);
        }
      }
    });

    it('refuses writes on read paths with 405 and Allow, and answers HEAD without a body', async () => {
      for (const c of METHOD_CASES) await compare(mirror, c);
    });

    it('serves pages, files and the 404 page, and hides the function data', async () => {
      for (const c of SITE_CASES) await compare(mirror, c);
    });

    it('serves the Markdown twin for the Accept values that ask for it', async () => {
      for (const c of TWIN_CASES) await compare(mirror, c);
    });

    it('never serves the host rule files', async () => {
      for (const p of ['/_redirects', '/_headers']) {
        const res = await send(mirror.url, p);
        expect(res.status, p).toBe(404);
        expect(res.body.equals(await file('/404.html')), p).toBe(true);
      }
    });

    it('answers what only the full API does with a 501 naming its URL', async () => {
      const cases: [string, string, string][] = [
        ['GET', '/api/v1/search?q=phishing', `${FULL_API}/api/v1/search`],
        ['HEAD', '/api/v1/search?q=phishing', `${FULL_API}/api/v1/search`],
        ['GET', '/api/v1/threats?limit=5', `${FULL_API}/api/v1/threats`],
        ['GET', '/api/v1/glossary/?offset=3', `${FULL_API}/api/v1/glossary`],
        ['POST', '/api/contact', `${FULL_API}/api/contact`],
        ['GET', '/api/newsletter', `${FULL_API}/api/newsletter`],
        ['POST', '/api/sandbox-early-access', `${FULL_API}/api/sandbox-early-access`],
        ['GET', '/orgs/x/api/key', `${FULL_API}/orgs/`],
        ['DELETE', '/orgs/x/api/instances/1', `${FULL_API}/orgs/`],
        ['GET', '/sandbox/abc/', `${FULL_API}/sandbox/`],
        ['POST', '/mcp', `${FULL_API}/mcp`],
        ['GET', '/mcp', `${FULL_API}/mcp`],
      ];
      for (const [method, target, fullUrl] of cases) {
        const res = await send(mirror.url, target, { method });
        const what = `${method} ${target}`;
        expect(res.status, what).toBe(501);
        expect(res.headers['content-type'], what).toBe(plan.jsonType);
        const rules = {
          ...headersFor(plan.headers, target.replace(/\?.*/, '')),
          ...plan.errorHeaders,
        };
        for (const [header, value] of Object.entries(rules))
          if (header !== 'Content-Type')
            expect(res.headers[header.toLowerCase()], `${what}: ${header}`).toBe(value);
        if (method === 'HEAD') {
          expect(res.body.length).toBe(0);
          continue;
        }
        const error = JSON.parse(res.body.toString()) as {
          code: string;
          message: string;
          hint: string;
          docs: string;
        };
        expect(error.code, what).toBe('not_configured');
        expect(error.message, what).toBe('This mirror serves only the static part of the API.');
        expect(error.hint, what).toContain(fullUrl);
        expect(error.docs, what).toBe(`${FULL_API}/api/v1/openapi.json`);
      }
    });

    it('answers a search page request with the static search page, whose script searches the static index', async () => {
      for (const target of [
        '/search/?q=phishing',
        '/search/?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      ]) {
        const res = await send(mirror.url, target);
        expect(res.status, target).toBe(200);
        expect(res.body.equals(await file('/search/index.html')), target).toBe(true);
        for (const [header, value] of Object.entries(headersFor(plan.headers, '/search/'))) {
          const sent = res.headers[header.toLowerCase()];
          expect(header === 'Vary' ? withoutEncoding(sent) : sent, `${target}: ${header}`).toBe(
            value,
          );
        }
      }
    });

    it('never echoes the request into its JSON', async () => {
      const res = await send(
        mirror.url,
        '/orgs/%22%3E%3Cscript%3Ealert(1)%3C/script%3E/api/key?x=%3Cb%3E',
      );
      expect(res.status).toBe(501);
      expect(res.body.toString()).not.toMatch(/script|<b>|%3C/);
    });

    it('answers conditional requests, and sends no rate-limit headers', async () => {
      for (const target of ['/api/v1/threats', '/threats/', '/llms.txt']) {
        const first = await send(mirror.url, target);
        expect(first.headers.etag, target).toBeDefined();
        expect(first.headers['ratelimit-limit'], target).toBeUndefined();
        const again = await send(mirror.url, target, {
          headers: { 'if-none-match': first.headers.etag! },
        });
        expect(again.status, target).toBe(304);
        expect(again.body.length, target).toBe(0);
      }
      expect((await send(local.url, '/api/v1/threats')).headers['ratelimit-limit']).toBeDefined();
    });

    it('serves the precompressed files to clients that accept them', async () => {
      for (const [target, source] of [
        ['/api/v1/openapi.json', '/api/v1/openapi.json'],
        ['/api/v1', '/api/v1.json'],
        ['/', '/index.html'],
        ['/llms-full.txt', '/llms-full.txt'],
      ] as const) {
        const plain = await send(mirror.url, target);
        for (const encoding of encodings()) {
          const res = await send(mirror.url, target, { headers: { 'accept-encoding': encoding } });
          const what = `${target} (${encoding})`;
          expect(res.status, what).toBe(200);
          expect(res.headers['content-encoding'], what).toBe(encoding);
          expect(res.headers['content-type'], what).toBe(plain.headers['content-type']);
          expect(res.headers.vary?.split(/,\s*/).sort(), what).toEqual([
            'Accept',
            'Accept-Encoding',
          ]);
          expect(
            res.body.equals(await file(`${source}.${encoding === 'gzip' ? 'gz' : 'br'}`)),
            what,
          ).toBe(true);
          const decoded =
            encoding === 'gzip' ? gunzipSync(res.body) : brotliDecompressSync(res.body);
          expect(decoded.equals(await file(source)), what).toBe(true);
        }
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body.equals(await file(source))).toBe(true);
      }
    });
  });
}

const nginxAvailable = serverAvailable(NGINX, 'nginx-light');
const nginxBrotli = existsSync(NGINX_BROTLI_MODULE);
if (!nginxBrotli && process.env.CI)
  throw new Error(
    `${NGINX_BROTLI_MODULE} is missing: .ci/run installs Debian's libnginx-mod-http-brotli-static package`,
  );
if (!nginxBrotli)
  console.warn(
    `Testing nginx without brotli: ${NGINX_BROTLI_MODULE} not found (apt-get install libnginx-mod-http-brotli-static)`,
  );
mirrorSuite(
  'nginx',
  nginxAvailable,
  (mirrorPlan, port) =>
    startNginx(
      nginxConfig(mirrorPlan, { listen: `127.0.0.1:${port}`, brotli: nginxBrotli }),
      port,
      { brotli: nginxBrotli },
    ),
  () => (nginxBrotli ? ['gzip', 'br'] : ['gzip']),
);
mirrorSuite(
  'Caddy',
  serverAvailable(CADDY, 'caddy'),
  (mirrorPlan, port) => startCaddy(caddyConfig(mirrorPlan, { listen: `127.0.0.1:${port}` }), port),
  () => ['gzip', 'br'],
);

describe.runIf(nginxAvailable)('nginx -t', () => {
  it('accepts the config of a build with 10,000 long API paths', async () => {
    const documents = Array.from({ length: 10_000 }, (_, i) => ({
      path: `/api/v1/glossary/a-rather-long-slug-for-the-glossary-record-number-${i}`,
      file: `/api/v1/glossary/${i}.json`,
    }));
    await expect(
      testNginxConfig(
        nginxConfig({ ...plan, documents }, { listen: '127.0.0.1:8080', brotli: false }),
      ),
    ).resolves.toContain('test is successful');
  });
});
