import { cp, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isCanonicalPath, NON_CANONICAL_RULES } from '../core/canonical-path.ts';
import { issueKey } from '../runtime/keys/api-keys.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import type { Listening } from '../server/listen.ts';
import { prepareSite, type ServedSite } from './support/host-process.ts';
import { startServer } from './support/http-server.ts';
import { send, type RawResponse } from './support/raw-http.ts';
import { syntheticSlug } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/**
 * Paths and headers on the local server, over a real socket with raw requests (no client
 * normalizes the target): one spelling per resource, nothing build-internal, absolute URLs
 * from configuration, one header policy per kind of answer, conditional and ranged reads,
 * and every failure a JSON Error with a request id.
 */
const BASE_URL = 'https://detour.example';
const ORG = '7d1f5c1e-6a0b-4c43-9a51-2b7f0e4d9c10';
const EXPOSED =
  'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After, X-Request-Id';
const slug = syntheticSlug('threats', 1);

let site: ServedSite;
let server: Listening;
let page404: Buffer;
const logged: string[] = [];

beforeAll(async () => {
  site = await prepareSite(2);
  page404 = await readFile(path.join(site.distDir, '404.html'));
  server = await startServer({
    distDir: site.distDir,
    dataDir: site.dataDir,
    readRateLimit: { limit: 3, windowSeconds: 60 },
    trustProxy: true,
  });
});
afterAll(() => server?.close());

let clients = 0;
/** Each call its own client (TRUST_PROXY), so the small read limit above is spent only where a test means to. */
const get = (target: string, headers: Record<string, string> = {}, method = 'GET') =>
  send(server.url, target, {
    method,
    headers: { 'x-forwarded-for': `198.51.100.${++clients % 250}`, ...headers },
  });

function expectJsonError(res: RawResponse, status: number, code: string, what: string) {
  expect(res.status, what).toBe(status);
  expect(res.headers['content-type'], what).toBe('application/json; charset=utf-8');
  expect((JSON.parse(res.body.toString()) as { code: string }).code, what).toBe(code);
}

describe('canonical paths', () => {
  it('answers 404 to every other spelling of an API path, with the JSON Error, never the resource', async () => {
    for (const target of [
      '//api/v1/threats',
      '/api//v1/threats',
      '/api/v1//threats',
      '/API/V1/threats',
      '/Api/v1',
      '/api/v1/THREATS',
      `/api/v1/threats/${slug.toUpperCase()}`,
      `/api/v1/threats/${slug.replace('t', '%74')}`,
      '/api/v1/threat%73',
      '/api/v1/search%3Fq=x',
      '/api/v1/threats%2F',
      '/api/v1/%zz',
      // Escaped dots, which a URL parser would resolve into the folder above: judged as sent.
      '/api/%2e%2e',
      '/api/v1/%2E/threats',
    ]) {
      expectJsonError(await get(target), 404, 'not_found', target);
    }
  });

  it('answers 404 with the 404 page to other spellings of pages, and never serves build-internal files', async () => {
    for (const target of [
      '//threats/',
      '/Threats/',
      '/threats//',
      `/threats/${slug.toUpperCase()}/`,
      '/thre%61ts/',
      '/_data/service.json',
      '//_data/service.json',
      '/_redirects',
      '//_redirects',
      '/_headers',
      '/_Headers',
      '/.env',
      '/assets/.hidden',
      '/x%5c..%5c_data/service.json',
      '/threats/%2e%2e/',
    ]) {
      const res = await get(target);
      expect(res.status, target).toBe(404);
      expect(res.headers['content-type'], target).toBe('text/html; charset=utf-8');
      expect(res.body.equals(page404), target).toBe(true);
      expect(res.headers.location, target).toBeUndefined();
    }
  });

  it('redirects a folder without its slash only to a path on this site', async () => {
    expect((await get('/threats')).headers.location).toBe('/threats/');
    for (const target of ['//threats', '//evil.example/threats']) {
      const res = await get(target);
      expect(res.status, target).toBe(404);
      expect(res.headers.location, target).toBeUndefined();
    }
    // Node itself refuses a raw backslash in the target, and the refusal is the JSON Error.
    const backslash = await get('/\\evil.example/threats');
    expectJsonError(backslash, 400, 'invalid_request', 'backslash');
    expect(backslash.headers.location).toBeUndefined();
  });

  it('cannot read past the read limit through another spelling', async () => {
    const client = { 'x-forwarded-for': '203.0.113.200' };
    for (let i = 0; i < 3; i++)
      expect((await send(server.url, '/api/v1/threats', { headers: client })).status).toBe(200);
    expect((await send(server.url, '/api/v1/threats', { headers: client })).status).toBe(429);
    for (const target of [
      '/API/V1/threats',
      '//api/v1/threats',
      '/api/v1/Threats',
      '/api/v1/threat%73',
    ]) {
      expect((await send(server.url, target, { headers: client })).status, target).toBe(404);
    }
  });

  it('keeps the rules it states', () => {
    for (const good of [
      '/',
      '/threats/',
      `/api/v1/threats/${slug}`,
      '/api/v1/openapi.json',
      '/threats/index.html.md',
      '/orgs/ACME-Corp/api/key',
      '/search/%20x',
    ]) {
      expect(isCanonicalPath(good), good).toBe(true);
    }
    // Each rule is a pattern nginx (PCRE) and Caddy (RE2) use as it is: no look-around, no back-references.
    for (const source of Object.values(NON_CANONICAL_RULES))
      expect(source).not.toMatch(/\(\?[=!<]|\\[1-9]/);
  });
});

describe('absolute URLs', () => {
  it('come from the configured address whatever Host the request names', async () => {
    const { secret } = await issueKey(createFileStore(path.join(site.dataDir, 'store')), {
      org: ORG,
      name: 'host',
      scopes: ['instances:read', 'instances:write'],
    });
    const res = await send(server.url, `/orgs/${ORG}/api/instances`, {
      method: 'POST',
      headers: {
        host: 'evil.example',
        authorization: `Bearer ${secret}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ image: 'debian-12-chromium', size: 'small' }),
    });
    expect(res.status).toBe(201);
    const instance = JSON.parse(res.body.toString()) as {
      instance_uuid: string;
      access_url: string;
    };
    expect(res.headers.location).toBe(
      `${BASE_URL}/orgs/${ORG}/api/instances/${instance.instance_uuid}`,
    );
    expect(instance.access_url).toBe(`${BASE_URL}/sandbox/${instance.instance_uuid}/`);
    const notFound = JSON.parse(
      (await get('/api/v1/nope', { host: 'evil.example' })).body.toString(),
    ) as { hint: string; docs: string };
    expect(`${notFound.hint} ${notFound.docs}`).not.toContain('evil.example');
  });
});

describe('the header policy', () => {
  it('lets browsers read the rate-limit and request-id headers of every public read answer, errors and 429 included', async () => {
    const client = { 'x-forwarded-for': '203.0.113.201' };
    const answers: [string, RawResponse][] = [
      ['search', await get('/api/v1/search?q=record')],
      ['paged list', await get('/api/v1/threats?limit=1')],
      ['static document', await get('/api/v1')],
      ['search without q', await get('/api/v1/search')],
      ['405 of a function', await get('/api/v1/threats', {}, 'DELETE')],
      ['404 of the gate', await get('/api/v1/nope')],
      ['404 of api-not-found', await get('/api/nope')],
    ];
    for (let i = 0; i < 3; i++) await send(server.url, '/api/v1/pricing', { headers: client });
    answers.push(['429', await send(server.url, '/api/v1/pricing', { headers: client })]);
    expect(answers.at(-1)![1].status).toBe(429);
    for (const [what, res] of answers) {
      expect(res.headers['access-control-allow-origin'], what).toBe('*');
      expect(res.headers['access-control-expose-headers'], what).toBe(EXPOSED);
      expect(res.headers['x-request-id'], what).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-content-type-options'] ?? 'nosniff', what).toBe('nosniff');
    }
  });

  it('never lets a 404 or another error be cached, and caches documents and lists', async () => {
    for (const target of ['/api/v1/nope', '/api/nope', '/nope/', '/api/v1/search'])
      expect((await get(target)).headers['cache-control'], target).toBe('no-store');
    for (const target of ['/api/v1', '/api/v1/threats?limit=2', '/api/v1/search?q=x'])
      expect((await get(target)).headers['cache-control'], target).toBe('public, max-age=300');
  });

  it('never lets an answer of the organization API be stored, and does not offer it cross-origin', async () => {
    const { secret } = await issueKey(createFileStore(path.join(site.dataDir, 'store')), {
      org: ORG,
      name: 'cache',
      scopes: ['instances:read'],
      replace: true,
    });
    for (const [target, key] of [
      [`/orgs/${ORG}/api/instances`, secret],
      [`/orgs/${ORG}/api/key`, secret],
      [`/orgs/${ORG}/api/instances`, undefined],
      [`/orgs/${ORG}/api/nothing`, secret],
      // Refused spellings under /orgs/ answer as the organization API does.
      [`/orgs/${ORG}/api/_key`, secret],
      ['//orgs/x/api/key', undefined],
    ] as const) {
      const res = await get(target, key ? { authorization: `Bearer ${key}` } : {});
      expect(res.headers['content-type'], target).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control'], target).toBe('no-store');
      expect(res.headers['access-control-allow-origin'], target).toBeUndefined();
      expect(res.headers['x-request-id'], target).toBeDefined();
    }
  });
});

describe('static reads', () => {
  it('answers If-None-Match with 304 and a byte range with 206, an unsatisfiable one with 416', async () => {
    for (const target of ['/api/v1', '/threats/', '/llms.txt']) {
      const first = await get(target);
      expect(first.headers.etag, target).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      const again = await get(target, { 'if-none-match': first.headers.etag! });
      expect(again.status, target).toBe(304);
      expect(again.body.length, target).toBe(0);
      expect(again.headers.etag, target).toBe(first.headers.etag);
      expect((await get(target, { 'if-none-match': '"other"' })).status, target).toBe(200);

      const part = await get(target, { range: 'bytes=2-9' });
      expect(part.status, target).toBe(206);
      expect(part.headers['content-range'], target).toBe(`bytes 2-9/${first.body.length}`);
      expect(part.body.equals(first.body.subarray(2, 10)), target).toBe(true);
      const tail = await get(target, { range: 'bytes=-5' });
      expect(tail.body.equals(first.body.subarray(-5)), target).toBe(true);
      const beyond = await get(target, { range: `bytes=${first.body.length}-` });
      expect(beyond.status, target).toBe(416);
      expect(beyond.headers['content-range'], target).toBe(`bytes */${first.body.length}`);
      expect(
        (await get(target, { range: 'bytes=2-9', 'if-range': '"stale"' })).status,
        target,
      ).toBe(200);
    }
  });

  it('does not follow a symbolic link out of dist/', async () => {
    const outside = await temporaryDirectory('outside-');
    await writeFile(path.join(outside, 'secret.txt'), 'secret\n');
    const dist = path.join(await temporaryDirectory('linked-'), 'dist');
    await cp(site.distDir, dist, { recursive: true });
    await symlink(path.join(outside, 'secret.txt'), path.join(dist, 'assets', 'secret.txt'));
    await symlink(outside, path.join(dist, 'outside'));
    await symlink(path.join(dist, 'llms.txt'), path.join(dist, 'assets', 'inside.txt'));
    const linked = await startServer({ distDir: dist, dataDir: site.dataDir });
    try {
      for (const target of ['/assets/secret.txt', '/outside/secret.txt']) {
        const res = await send(linked.url, target);
        expect(res.status, target).toBe(404);
        expect(res.body.toString(), target).not.toContain('secret');
      }
      expect((await send(linked.url, '/assets/inside.txt')).status).toBe(200);
    } finally {
      await linked.close();
    }
  });
});

describe('failures', () => {
  it('answers an unexpected failure with a JSON Error and a request id, and logs one JSON line with that id', async () => {
    const dist = path.join(await temporaryDirectory('broken-'), 'dist');
    await cp(site.distDir, dist, { recursive: true });
    await writeFile(path.join(dist, '_data', 'summaries', 'threats.json'), '{ not json');
    const spy = vi
      .spyOn(console, 'error')
      .mockImplementation((line: unknown) => void logged.push(String(line)));
    const broken = await startServer({ distDir: dist, dataDir: site.dataDir });
    try {
      const res = await send(broken.url, '/api/v1/threats?limit=2');
      expectJsonError(res, 500, 'internal_error', 'broken list');
      const id = res.headers['x-request-id']!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const body = res.body.toString();
      expect(body).toContain(id);
      expect(body).not.toMatch(/SyntaxError|at .*\.ts|node_modules/);
      expect(res.headers['access-control-expose-headers']).toBe(EXPOSED);
      const lines = logged.filter((line) => line.includes(id));
      expect(lines).toHaveLength(1);
      expect(lines[0]).not.toContain('\n');
      expect(JSON.parse(lines[0]!)).toMatchObject({
        level: 'error',
        requestId: id,
        method: 'GET',
        path: '/api/v1/threats',
        error: { name: 'SyntaxError' },
      });
    } finally {
      spy.mockRestore();
      await broken.close();
    }
  });

  it('answers a request Node refuses (a 100 KB query) with the JSON Error and a request id', async () => {
    const res = await get(`/api/v1/search?q=${'a'.repeat(100_000)}`);
    expectJsonError(res, 431, 'invalid_request', '100 KB query');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(res.body.toString()).hint).toMatch(/512 characters/);
  });
});
