import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_KEYS } from '../core/collections.ts';
import { build } from '../generator/build.ts';
import { createReadApi } from '../runtime/read-api.ts';
import { loadServiceData } from '../runtime/service-data.ts';
import { createApp } from '../server/app.ts';
import { startServer } from './support/http-server.ts';
import { openApiValidator } from './support/openapi-validator.ts';
import { syntheticSlug, writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

const PER_COLLECTION = 230;
let dist: string;
let server: { url: string; close(): Promise<void> };
let validate: ReturnType<typeof openApiValidator>;

beforeAll(async () => {
  const root = await temporaryDirectory('read-api-');
  await writeSyntheticCorpus(path.join(root, 'content'), PER_COLLECTION);
  dist = path.join(root, 'dist');
  await build({ contentDir: path.join(root, 'content'), outDir: dist });
  validate = openApiValidator(
    JSON.parse(await readFile(path.join(dist, 'api/v1/openapi.json'), 'utf8')),
  );
  // A generous limit here; the rate-limit tests below use their own app.
  server = await startServer({
    distDir: dist,
    dataDir: path.join(dist, '..', 'data'),
    readRateLimit: { limit: 100_000, windowSeconds: 60 },
  });
});

afterAll(() => server.close());

const get = (p: string, init?: RequestInit) => fetch(server.url + p, init);

async function getJson(p: string, template: string, status = 200) {
  const res = await get(p);
  expect(res.status, p).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = await res.json();
  expect(validate('GET', template, status, body), p).toEqual([]);
  return body as Record<string, unknown> & {
    data: { slug: string; collection?: string; title: string }[];
    total: number;
    limit: number;
    offset: number;
  };
}

describe('every read endpoint over HTTP, validated against the OpenAPI document', () => {
  it('serves the index, every list and record, pricing and search', async () => {
    await getJson('/api/v1', '/api/v1');
    await getJson('/api/v1/pricing', '/api/v1/pricing');
    for (const key of COLLECTION_KEYS) {
      const list = await getJson(`/api/v1/${key}`, `/api/v1/${key}`);
      expect(list.total).toBe(PER_COLLECTION);
      expect(list.data).toHaveLength(50);
      await getJson(`/api/v1/${key}/${list.data[0]!.slug}`, `/api/v1/${key}/{slug}`);
      await getJson(`/api/v1/${key}?limit=7&offset=3`, `/api/v1/${key}`);
    }
    const results = await getJson('/api/v1/search?q=record', '/api/v1/search');
    expect(results.total).toBe(50);
  });

  it('pages with the same data as the static first page', async () => {
    const staticPage = await getJson('/api/v1/threats', '/api/v1/threats');
    const dynamicPage = await getJson('/api/v1/threats?limit=50&offset=0', '/api/v1/threats');
    expect(dynamicPage).toEqual(staticPage);
    const second = await getJson('/api/v1/threats?offset=50&limit=50', '/api/v1/threats');
    expect(second.data[0]).toEqual(
      (await getJson('/api/v1/threats?limit=51', '/api/v1/threats')).data[50],
    );
  });
});

describe('the Netlify list function', () => {
  it('answers a list without a query with exactly the static first page', async () => {
    const readApi = createReadApi(await loadServiceData(path.join(dist, '_data')));
    for (const key of COLLECTION_KEYS) {
      const res = await readApi(new Request(`http://local/api/v1/${key}`));
      expect(await res!.json()).toEqual(
        JSON.parse(await readFile(path.join(dist, `api/v1/${key}.json`), 'utf8')),
      );
    }
  });
});

describe('limit and offset', () => {
  const cases: [string, number, number, number][] = [
    // query, expected limit, expected offset, expected data length
    ['limit=0', 1, 0, 1],
    ['limit=1', 1, 0, 1],
    ['limit=200', 200, 0, 200],
    ['limit=500', 200, 0, 200],
    ['limit=-5', 1, 0, 1],
    ['limit=abc', 50, 0, 50],
    ['limit=', 50, 0, 50],
    ['limit=10.9', 10, 0, 10],
    ['offset=-3', 50, 0, 50],
    ['offset=abc', 50, 0, 50],
    ['offset=225', 50, 225, 5],
    ['offset=230', 50, 230, 0],
    ['offset=100000&limit=3', 3, 100000, 0],
    ['limit=1e9&offset=1', 200, 1, 200],
  ];
  it.each(cases)('%s', async (query, limit, offset, length) => {
    const page = await getJson(`/api/v1/glossary?${query}`, '/api/v1/glossary');
    expect({
      limit: page.limit,
      offset: page.offset,
      length: page.data.length,
      total: page.total,
    }).toEqual({ limit, offset, length, total: PER_COLLECTION });
  });
});

describe('search', () => {
  it('refuses a missing or empty q with 400 invalid_request', async () => {
    for (const q of ['', '?q=', '?q=%20%20', '?limit=5']) {
      const body = await getJson(`/api/v1/search${q}`, '/api/v1/search', 400);
      expect(body.code).toBe('invalid_request');
    }
  });

  it('needs every term, finds partly typed words, and ranks title matches above summary-only matches', async () => {
    const all = await getJson('/api/v1/search?q=record%20number&limit=200', '/api/v1/search');
    // "number" is only in summaries, so no result matches it in the title; every result has both terms.
    expect(all.total).toBe(200);
    const prefix = await getJson('/api/v1/search?q=thre%20reco%2017', '/api/v1/search');
    expect(prefix.data.length).toBeGreaterThan(0);
    expect(prefix.data[0]!.title.startsWith('threats record 17')).toBe(true);
    expect(prefix.data.every((d) => d.collection === 'threats')).toBe(true);
    const none = await getJson('/api/v1/search?q=record%20zzzzunknown', '/api/v1/search');
    expect(none.total).toBe(0);
    // "synthetic" is in every summary and no title: it must never outrank a title match.
    const mixed = await getJson('/api/v1/search?q=synthetic&limit=200', '/api/v1/search');
    expect(mixed.total).toBe(200);
    // "gateway" is in some titles and in many more summaries: every title match must come first.
    const tiered = await getJson('/api/v1/search?q=gateway&limit=200', '/api/v1/search');
    const inTitle = tiered.data.map((d) => /\bgateway/i.test(d.title));
    const titleMatches = inTitle.filter(Boolean).length;
    expect(titleMatches).toBeGreaterThan(0);
    expect(titleMatches).toBeLessThan(inTitle.length);
    expect(inTitle.slice(0, titleMatches).every(Boolean)).toBe(true);
    expect(inTitle.slice(titleMatches).some(Boolean)).toBe(false);
  });

  it('clamps limit to 1..200 and reports it', async () => {
    expect((await getJson('/api/v1/search?q=record&limit=0', '/api/v1/search')).limit).toBe(1);
    const big = await getJson('/api/v1/search?q=record&limit=999', '/api/v1/search');
    expect(big.limit).toBe(200);
    expect(big.total).toBe(200);
  });

  it('answers hostile queries without a 5xx', async () => {
    const hostile = [
      'a'.repeat(5000),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text as it is, `${` included
      '.*+?^${}()|[]\\',
      '\u0000\u0001\u0007\u001b[31m',
      '((((((((((a',
      'a '.repeat(250),
      'e '.repeat(255),
    ].map(encodeURIComponent);
    // Malformed percent-encoding and invalid UTF-8, sent as they are.
    hostile.push('%', '%E0%A4%A', '%ff%fe', '%00');
    for (const q of hostile) {
      const res = await get(`/api/v1/search?q=${q}`);
      expect(res.status, q.slice(0, 20)).toBeLessThan(500);
      const body = await res.json();
      expect(validate('GET', '/api/v1/search', res.status, body)).toEqual([]);
    }
  });
});

describe('methods and unknown paths', () => {
  it('answers 405 with Allow on every read path for other methods', async () => {
    for (const p of [
      '/api/v1',
      '/api/v1/threats',
      `/api/v1/threats/${syntheticSlug('threats', 1)}`,
      '/api/v1/search',
      '/api/v1/pricing',
      '/api/v1/openapi.json',
    ]) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const res = await get(p, { method });
        expect(res.status, `${method} ${p}`).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD');
        const body = (await res.json()) as { code: string };
        expect(body.code).toBe('method_not_allowed');
        expect(validate('GET', '/api/v1', 405, body)).toEqual([]);
      }
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    for (const p of ['/api/v1/threats', '/api/v1/threats?limit=3', '/api/v1/search?q=record']) {
      const [head, full] = await Promise.all([get(p, { method: 'HEAD' }), get(p)]);
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe(full.headers.get('content-type'));
      expect(head.headers.get('ratelimit-policy')).toBe('100000;w=60');
      expect(await head.text()).toBe('');
    }
  });

  it('answers 404 not_found for unknown collections, slugs, traversal and paths', async () => {
    for (const p of [
      '/api/v1/nothing',
      '/api/v1/threats/no-such-slug',
      '/api/v1/threats/Bad_Slug',
      '/api/v1/threats/..%2F..%2Fpricing',
      '/api/v1/threats/a/b',
      '/api/v2/threats',
      '/api/other',
    ]) {
      const body = await getJson(p, '/api/v1/threats/{slug}', 404);
      expect(body.code, p).toBe('not_found');
    }
    expect((await get('/api/v1/nothing', { method: 'POST' })).status).toBe(404);
  });
});

describe('headers of reads and pages', () => {
  it('sends CORS and RateLimit headers on every read, static or not', async () => {
    for (const p of [
      '/api/v1',
      '/api/v1/threats',
      '/api/v1/threats?limit=2',
      '/api/v1/search?q=x',
      '/api/v1/nope',
    ]) {
      const res = await get(p);
      expect(res.headers.get('access-control-allow-origin'), p).toBe('*');
      for (const h of [
        'ratelimit-limit',
        'ratelimit-remaining',
        'ratelimit-reset',
        'ratelimit-policy',
      ])
        expect(res.headers.get(h), `${p} ${h}`).not.toBeNull();
      expect(res.headers.get('deprecation')).toBeNull();
      expect(res.headers.get('sunset')).toBeNull();
    }
  });

  it('serves /llms.txt as plain text', async () => {
    const res = await get('/llms.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toMatch(/^# .+\n\n> /);
  });

  it('negotiates Markdown twins of pages by Accept, with Vary: Accept on both', async () => {
    const md = await get('/threats/', { headers: { Accept: 'text/markdown' } });
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.headers.get('vary')).toContain('Accept');
    expect(await md.text()).toMatch(/^# Threats\n/);
    const browser = await get('/threats/', {
      headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(browser.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(browser.headers.get('vary')).toContain('Accept');
    expect(browser.headers.get('x-content-type-options')).toBe('nosniff');
    expect(browser.headers.get('content-security-policy')).toContain("default-src 'none'");
    const record = await get(`/threats/${syntheticSlug('threats', 2)}/`, {
      headers: { Accept: 'text/markdown' },
    });
    expect(await record.text()).toMatch(/^# threats record 2/);
  });
});

describe('read rate limit', () => {
  it('refuses the request over the limit with 429, Retry-After and the policy, per client, until the window resets', async () => {
    let now = 1_000_000;
    const app = await createApp({
      distDir: dist,
      dataDir: path.join(dist, '..', 'data'),
      readRateLimit: { limit: 5, windowSeconds: 60 },
      now: () => now,
      trustProxy: true,
    });
    const from = (ip: string, p = '/api/v1/threats') =>
      app(new Request(`http://local${p}`, { headers: { 'X-Forwarded-For': ip } }), {
        remoteAddress: '127.0.0.1',
      });
    for (let i = 0; i < 5; i++) {
      const ok = await from('203.0.113.1', i % 2 ? '/api/v1/search?q=a' : '/api/v1/threats');
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-remaining')).toBe(String(4 - i));
    }
    now += 20_000;
    const refused = await from('203.0.113.1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(refused.headers.get('ratelimit-reset')).toBe('40');
    expect(refused.headers.get('ratelimit-policy')).toBe('5;w=60');
    const body = await refused.json();
    expect(body.code).toBe('rate_limited');
    expect(validate('GET', '/api/v1/threats', 429, body)).toEqual([]);
    expect((await from('203.0.113.2')).status).toBe(200);
    now += 40_000;
    expect((await from('203.0.113.1')).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const app = await createApp({
      distDir: dist,
      dataDir: path.join(dist, '..', 'data'),
      readRateLimit: { limit: 2, windowSeconds: 60 },
    });
    const spoofed = (n: number) =>
      app(
        new Request('http://local/api/v1', { headers: { 'X-Forwarded-For': `198.51.100.${n}` } }),
        { remoteAddress: '192.0.2.9' },
      );
    expect((await spoofed(1)).status).toBe(200);
    expect((await spoofed(2)).status).toBe(200);
    expect((await spoofed(3)).status).toBe(429);
  });

  it('holds at the real numbers: 600 reads a minute, the 601st refused', async () => {
    const app = await createApp({
      distDir: dist,
      dataDir: path.join(dist, '..', 'data'),
      now: () => 5_000,
    });
    const read = () =>
      app(new Request('http://local/api/v1/pricing'), { remoteAddress: '192.0.2.50' });
    for (let i = 0; i < 600; i++) expect((await read()).status).toBe(200);
    const refused = await read();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-limit')).toBe('600');
    expect(refused.headers.get('ratelimit-policy')).toBe('600;w=60');
    expect(refused.headers.get('retry-after')).toBe('60');
  });
});

describe('versioning', () => {
  it('adds Deprecation, Sunset and a successor Link to every response of a deprecated version', async () => {
    const app = await createApp({
      distDir: dist,
      dataDir: path.join(dist, '..', 'data'),
      versions: [
        {
          prefix: '/api/v1',
          deprecation: { since: '2027-01-01', sunset: '2027-07-01', successor: '/api/v2' },
        },
      ],
    });
    for (const p of ['/api/v1', '/api/v1/threats?limit=1', '/api/v1/nope']) {
      const res = await app(new Request(`http://local${p}`), { remoteAddress: '192.0.2.1' });
      expect(res.headers.get('deprecation'), p).toBe(`@${Date.UTC(2027, 0, 1) / 1000}`);
      expect(res.headers.get('sunset')).toBe('Thu, 01 Jul 2027 00:00:00 GMT');
      // The configured address (the build's baseUrl), not the Host the request came to.
      expect(res.headers.get('link')).toBe(
        '<https://detour.example/api/v2>; rel="successor-version"',
      );
    }
  });
});
