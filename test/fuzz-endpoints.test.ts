import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isCanonicalPath } from '../core/canonical-path.ts';
import { COLLECTION_KEYS } from '../core/collections.ts';
import { paths } from '../core/paths.ts';
import { MAX_QUERY_LENGTH } from '../core/search-options.ts';
import { SUBMISSION_PATHS } from '../core/submissions.ts';
import type { Listening } from '../server/listen.ts';
import { prepareSite } from './support/host-process.ts';
import { startServer } from './support/http-server.ts';
import { send } from './support/raw-http.ts';
import { syntheticSlug } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/**
 * Random requests against every endpoint of the local server, over a real socket with the
 * target sent as generated: methods, paths (doubled slashes, dot segments, percent-escapes,
 * upper case, very long), headers and bodies. No answer may be a 5xx, and every answer
 * with a body names its type, JSON wherever the API answers. Bounded: a fixed number of
 * runs, and a time limit after which the runs so far stand.
 */
const RUNS = 1_500;
const TIME_LIMIT_MS = 45_000;

let server: Listening;

beforeAll(async () => {
  const site = await prepareSite(2);
  // Mail goes to .eml files in the data folder; nothing leaves the machine.
  server = await startServer({
    distDir: site.distDir,
    dataDir: path.join(await temporaryDirectory('fuzz-'), 'data'),
    trustProxy: true,
  });
  // Refusals are logged, one JSON line each; the test reads answers, not logs.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server?.close();
});

const SEGMENTS = [
  'api',
  'API',
  'Api',
  'v1',
  'V1',
  'v2',
  ...COLLECTION_KEYS,
  'THREATS',
  syntheticSlug('threats', 1),
  syntheticSlug('posts', 0).toUpperCase(),
  'search',
  'pricing',
  'openapi.json',
  'orgs',
  'sandbox',
  'key',
  'rotate',
  'instances',
  '7d1f5c1e-6a0b-4c43-9a51-2b7f0e4d9c10',
  ...Object.values(SUBMISSION_PATHS).map((p) => p.slice('/api/'.length)),
  '_data',
  'service.json',
  '_redirects',
  '_headers',
  '.env',
  '.',
  '..',
  '',
  'index.html',
  'index.html.md',
  'mcp',
  'llms.txt',
  'assets',
  'site.css',
  '404.html',
  '%2e%2e',
  '%2E',
  '%2F',
  '%5C',
  '%00',
  '%41',
  '%61pi',
  '%zz',
  '%',
  '%20',
  '%C3%A9',
  '~',
  '-',
];

const segment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...SEGMENTS) },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9._~%-]{1,12}$/) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 20_000 }).map((n) => 'a'.repeat(n)) },
);

const query = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '?q=phishing',
    '?q=',
    '?q=%20',
    '?limit=5&offset=2',
    '?limit=abc',
    '?limit=-1&offset=99999',
    '?q=a&limit=500',
    '?%=1',
    `?q=${'x'.repeat(600)}`,
  ),
  fc.stringMatching(/^\?[A-Za-z0-9=&%._-]{0,40}$/),
);

const target = fc
  .tuple(
    fc.array(segment, { minLength: 0, maxLength: 6 }),
    fc.constantFrom('', '/'),
    query,
    fc.constantFrom('/', '//'),
  )
  .map(
    ([segments, trailing, q, lead]) =>
      `${lead}${segments.join('/')}${segments.length ? trailing : ''}${q}`,
  );

const method = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
  },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{3,8}$/) },
);

const headerValue = fc.stringMatching(/^[ -~]{0,60}$/).map((value) => value.trim());
const headers = fc.record(
  {
    accept: fc.oneof(
      fc.constantFrom('text/markdown', 'text/html', '*/*', 'application/json', 'text/markdown;q=0'),
      headerValue,
    ),
    'content-type': fc.oneof(
      fc.constantFrom(
        'application/json',
        'text/plain',
        'application/merge-patch+json',
        'multipart/form-data',
        'application/x-www-form-urlencoded',
      ),
      headerValue,
    ),
    'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none'),
    authorization: fc.oneof(
      fc.constant('Bearer sk_notakey'),
      fc.constant(`Bearer sk_${'A'.repeat(43)}`),
      headerValue,
    ),
    range: fc.constantFrom(
      'bytes=0-10',
      'bytes=-5',
      'bytes=999999-',
      'bytes=5-2',
      'bytes=0-1,4-5',
      'items=1-2',
    ),
    'if-none-match': fc.constantFrom('*', '"x"', 'W/"y"'),
    'access-control-request-method': fc.constantFrom('GET', 'POST'),
    'x-forwarded-for': fc.ipV4(),
    cookie: fc.integer({ min: 0, max: 20_000 }).map((n) => `c=${'v'.repeat(n)}`),
  },
  { requiredKeys: ['x-forwarded-for'] },
);

const body = fc.oneof(
  fc.constant(undefined),
  fc.json().map((json) => json),
  fc.constantFrom(
    '{"name":"Ada","email":"ada@example.com","message":"hi"}',
    '{"email":"x@example.com"}',
    '{"image":"debian-12-chromium","size":"small"}',
    '{',
    '[]',
    'null',
  ),
  fc.string({ maxLength: 2_000 }),
);

const SUBMISSION_PATH_LIST: string[] = Object.values(SUBMISSION_PATHS);
const isFormPost = (type: string | undefined) =>
  (type ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';

const isApiPath = (p: string) => p.startsWith('/api/') || p.startsWith('/orgs/');

/** The path as URL parsers (and so every host) resolve it; as sent when it is no URL at all. */
function resolvedPath(target: string): string {
  try {
    return new URL(`http://fuzz.invalid${target}`).pathname;
  } catch {
    return target;
  }
}

describe('every endpoint of the local server, fuzzed', () => {
  it(
    'never answers 5xx, and every answer with a body names its type, JSON wherever the API answers',
    async () => {
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(method, target, headers, body, async (verb, path, headerSet, payload) => {
          runs++;
          const withBody = payload !== undefined && !['GET', 'HEAD'].includes(verb);
          const res = await send(server.url, path, {
            method: verb,
            headers: headerSet,
            body: withBody ? payload : undefined,
          });
          const what = `${verb} ${path.slice(0, 120)} -> ${res.status}`;
          expect(res.status, what).toBeLessThan(500);
          expect(res.status, what).toBeGreaterThanOrEqual(200);
          const type = res.headers['content-type'];
          if (res.body.length > 0) expect(type, what).toBeDefined();
          // The API's paths, and the refusals of requests no path can be read from, answer JSON. A path is
          // the API's as every host resolves its dot segments (`/api/..` is the home page), or, refused as
          // not canonical, as it was sent (`/api/%2e%2e`).
          const canonical = isCanonicalPath(path.split('?')[0]!);
          // A form post to a submission endpoint is answered for a browser: a page, or 303 to one.
          if (
            canonical &&
            verb === 'POST' &&
            isFormPost(headerSet['content-type']) &&
            SUBMISSION_PATH_LIST.includes(resolvedPath(path).replace(/\/$/, ''))
          ) {
            if (res.status === 303)
              expect(res.headers.location, what).toMatch(/^\/contact\/thanks\/[a-z-]+\/$/);
            else expect(type, what).toBe('text/html; charset=utf-8');
            return;
          }
          // The MCP endpoint answers and refuses in JSON-RPC's shape, not the Error object: its
          // own property is below.
          if (canonical && resolvedPath(path) === paths.mcp) {
            if (res.body.length > 0) expect(type, what).toMatch(/^application\/json/);
            return;
          }
          // The search page answers a browser, and so does its refusal of a query too long: a page
          // saying so. A request the server could not read is still refused in JSON, below.
          if (
            canonical &&
            resolvedPath(path) === paths.page('search') &&
            res.status === 400 &&
            type === 'text/html; charset=utf-8'
          ) {
            expect(res.body.toString(), what).toContain(`at most ${MAX_QUERY_LENGTH}`);
            return;
          }
          const api =
            (canonical ? isApiPath(resolvedPath(path)) : isApiPath(path)) ||
            [400, 408, 431].includes(res.status);
          if (api && res.body.length > 0)
            expect(type, what).toBe('application/json; charset=utf-8');
          // ...and every refusal there is the Error object, never an empty answer.
          if (api && res.status >= 400 && verb !== 'HEAD') {
            expect(type, what).toBe('application/json; charset=utf-8');
            expect(JSON.parse(res.body.toString()), what).toMatchObject({
              code: expect.any(String),
              message: expect.any(String),
              hint: expect.any(String),
              docs: expect.any(String),
            });
          }
        }),
        {
          numRuns: RUNS,
          interruptAfterTimeLimit: TIME_LIMIT_MS,
          seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
        },
      );
      expect(runs).toBeGreaterThan(50);
    },
    TIME_LIMIT_MS + 30_000,
  );
});

const jsonValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.string({ maxLength: 40 }));
const toolArguments = fc.record(
  {
    query: fc.oneof(fc.string({ maxLength: 600 }), fc.constantFrom('record', '   ', ''), jsonValue),
    collection: fc.oneof(fc.constantFrom(...COLLECTION_KEYS, 'nope'), jsonValue),
    limit: fc.oneof(fc.integer({ min: -5, max: 60 }), fc.double(), jsonValue),
    id: fc.oneof(
      fc.constantFrom(
        `threats/${syntheticSlug('threats', 1)}`,
        `https://detour.example/posts/${syntheticSlug('posts', 0)}/`,
        '../../_data/service.json',
        'threats/%2e%2e',
      ),
      fc.string({ maxLength: 100 }),
      jsonValue,
    ),
    offset: fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.double(), jsonValue),
    maxChars: fc.oneof(fc.integer({ min: -10, max: 100_000 }), jsonValue),
    cursor: fc.oneof(fc.base64String({ maxLength: 40 }), jsonValue),
    updatedSince: fc.oneof(fc.constantFrom('2026-01-01', '2026-13-45', ''), jsonValue),
  },
  { requiredKeys: [] },
);
const rpcMethod = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'initialize',
      'ping',
      'tools/list',
      'tools/call',
      'resources/templates/list',
      'resources/list',
      'resources/read',
      'completion/complete',
      'prompts/list',
      'logging/setLevel',
      'notifications/initialized',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);
const rpcParams = fc.oneof(
  fc.record({
    name: fc.oneof(fc.constantFrom('search', 'fetch', 'list', 'delete'), jsonValue),
    arguments: fc.oneof(toolArguments, jsonValue),
  }),
  fc.record({
    uri: fc.oneof(
      fc.constantFrom(
        `https://detour.example/ai/${syntheticSlug('ai', 1)}/`,
        'https://detour.example/ai/{slug}/',
        '::::',
      ),
      fc.string({ maxLength: 80 }),
    ),
  }),
  fc.record({
    protocolVersion: fc.constantFrom('2025-06-18', '2025-03-26', '1999-01-01'),
    capabilities: fc.constant({}),
    clientInfo: fc.constant({ name: 'fuzz', version: '1' }),
  }),
  jsonValue,
);
const rpcMessage = fc.record(
  {
    jsonrpc: fc.constantFrom('2.0', '2.0', '1.0'),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null)),
    method: rpcMethod,
    params: rpcParams,
  },
  { requiredKeys: ['method'] },
);
const rpcBody = fc.oneof(
  { weight: 8, arbitrary: rpcMessage.map((message) => JSON.stringify(message)) },
  { weight: 2, arbitrary: fc.array(rpcMessage, { maxLength: 5 }).map((m) => JSON.stringify(m)) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 100, max: 20_000 })
      .map((depth) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`),
  },
  { weight: 1, arbitrary: fc.integer({ min: 60_000, max: 200_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
);
const rpcHeaders = fc.record(
  {
    'content-type': fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
      },
      { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded') },
      { weight: 1, arbitrary: headerValue },
    ),
    accept: fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json, text/event-stream') },
      { weight: 1, arbitrary: fc.constantFrom('application/json', 'text/event-stream', '*/*') },
      { weight: 1, arbitrary: headerValue },
    ),
    'mcp-protocol-version': fc.oneof(fc.constantFrom('2025-06-18', '2025-11-25'), headerValue),
    origin: fc.constantFrom('https://detour.example', 'http://evil.example', 'null'),
    'x-forwarded-for': fc.ipV4(),
  },
  { requiredKeys: ['x-forwarded-for'] },
);

describe('the MCP endpoint, fuzzed', () => {
  it("never answers 5xx or another request's answer, whatever JSON-RPC, body or headers an agent sends", async () => {
    // A request that runs beside every generated one: its answer must stay its own.
    const known = JSON.stringify({
      jsonrpc: '2.0',
      id: 'known',
      method: 'tools/call',
      params: { name: 'fetch', arguments: { id: `glossary/${syntheticSlug('glossary', 1)}` } },
    });
    const mcpPost = (body: string, headers: Record<string, string>) =>
      send(server.url, '/mcp', { method: 'POST', headers, body });
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'POST', 'POST', 'GET', 'DELETE', 'OPTIONS'),
        rpcBody,
        rpcHeaders,
        async (verb, payload, headerSet) => {
          runs++;
          const [res, beside] = await Promise.all([
            send(server.url, '/mcp', {
              method: verb,
              headers: headerSet,
              body: verb === 'GET' ? undefined : payload,
            }),
            mcpPost(known, {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              'x-forwarded-for': '192.0.2.1',
            }),
          ]);
          const what = `${verb} ${payload.slice(0, 200)} ${JSON.stringify(headerSet)} -> ${res.status} ${res.body.toString().slice(0, 300)}`;
          expect(res.status, what).toBeLessThan(500);
          expect(res.status, what).toBeGreaterThanOrEqual(200);
          if (res.body.length > 0)
            expect(res.headers['content-type'], what).toMatch(/^application\/json/);
          const answer = JSON.parse(beside.body.toString()) as {
            id: string;
            result: { structuredContent: { id: string } };
          };
          expect(answer.id).toBe('known');
          expect(answer.result.structuredContent.id).toBe(
            `glossary/${syntheticSlug('glossary', 1)}`,
          );
        },
      ),
      {
        numRuns: 600,
        interruptAfterTimeLimit: 30_000,
        seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
      },
    );
    expect(runs).toBeGreaterThan(50);
  }, 60_000);
});
