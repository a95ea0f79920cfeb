import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ContentApiError,
  createContentClient,
  politeFetch,
  type SyncState,
} from '../client/index.js';

/** A server in a function: answers each request with the next of `answers`, and keeps what it was sent. */
function scripted(...answers: (() => Response)[]) {
  const sent: Request[] = [];
  const fetch = async (request: Request) => {
    sent.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error(`No answer left for ${request.url}`);
    return answer();
  };
  return { fetch, sent };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });

const rateLimited = (headers: Record<string, string>) =>
  json(
    {
      error: 'Too many requests.',
      code: 'rate_limited',
      message: 'Too many requests.',
      hint: 'Wait as Retry-After says, then send it again.',
      docs: 'https://detour.example/api/v1/openapi.json',
    },
    429,
    { 'X-Request-Id': 'req-429', ...headers },
  );

describe('politeFetch', () => {
  it('waits out a 429 as Retry-After asks, then sends the request again', async () => {
    const server = scripted(
      () => rateLimited({ 'Retry-After': '2' }),
      () => rateLimited({ 'RateLimit-Reset': '5' }),
      () => json({ ok: true }),
    );
    const waits: number[] = [];
    const send = politeFetch({ fetch: server.fetch, sleep: async (ms) => void waits.push(ms) });
    const response = await send('https://detour.example/api/v1/pricing');
    expect(response.status).toBe(200);
    expect(waits).toEqual([2000, 5000]);
    expect(server.sent).toHaveLength(3);
  });

  it('gives up after its retries, or at once when the wait is longer than it allows', async () => {
    const tooMany = scripted(
      ...Array.from({ length: 3 }, () => () => rateLimited({ 'Retry-After': '1' })),
    );
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const client = createContentClient({
      baseUrl: 'https://detour.example',
      fetch: tooMany.fetch,
      retries: 2,
      sleep,
    });
    const error = await client.pricing().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', requestId: 'req-429' });
    expect(tooMany.sent).toHaveLength(3);

    const tooLong = scripted(() => rateLimited({ 'Retry-After': '3600' }));
    const impatient = politeFetch({ fetch: tooLong.fetch, maxWaitSeconds: 60, sleep });
    expect((await impatient('https://detour.example/api/v1')).status).toBe(429);
    expect(waits).toEqual([1000, 1000]);
  });

  it('revalidates with the ETag it was given and answers a 304 with the body it kept', async () => {
    const server = scripted(
      () => json({ version: 1 }, 200, { ETag: '"v1"', 'RateLimit-Remaining': '599' }),
      () =>
        new Response(null, {
          status: 304,
          headers: { ETag: '"v1"', 'RateLimit-Remaining': '598' },
        }),
    );
    const send = politeFetch({ fetch: server.fetch });
    expect(await (await send('https://detour.example/api/v1')).json()).toEqual({ version: 1 });
    const again = await send('https://detour.example/api/v1');
    expect(server.sent[1]!.headers.get('If-None-Match')).toBe('"v1"');
    expect(again.status).toBe(200);
    expect(again.headers.get('RateLimit-Remaining')).toBe('598');
    expect(await again.json()).toEqual({ version: 1 });
  });

  it('keeps nothing for a POST, nor with cacheEntries 0', async () => {
    const server = scripted(
      () => json({ version: 1 }, 200, { ETag: '"v1"' }),
      () => json({ version: 2 }, 200, { ETag: '"v2"' }),
    );
    const send = politeFetch({ fetch: server.fetch, cacheEntries: 0 });
    await send('https://detour.example/api/v1');
    await send('https://detour.example/api/v1');
    expect(server.sent[1]!.headers.has('If-None-Match')).toBe(false);
  });
});

describe('createContentClient', () => {
  it('refuses a base URL that is not an origin, saying what to give', () => {
    expect(() => createContentClient({ baseUrl: 'detour.example' })).toThrow(
      /origin of the service/,
    );
  });

  it('throws an answer without an Error object as a ContentApiError without a code', async () => {
    const server = scripted(
      () =>
        new Response('<h1>Not found</h1>', {
          status: 404,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const client = createContentClient({ baseUrl: 'https://mirror.example/', fetch: server.fetch });
    const error = await client.markdown('threats', 'gone').catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 404,
      code: null,
      url: 'https://mirror.example/threats/gone/index.html.md',
    });
  });
});

describe('sync()', () => {
  const document = (slug: string, title: string) =>
    `${JSON.stringify({ collection: 'threats', data: { slug, title } }, null, 2)}\n`;
  const versionOf = (text: string) =>
    createHash('sha256').update(text).digest('base64url').slice(0, 16);
  const manifest = (...records: [slug: string, text: string][]) =>
    json(
      {
        version: 'set-version-0001',
        total: records.length,
        records: records.map(([slug, text]) => ({
          collection: 'threats',
          slug,
          url: `https://detour.example/threats/${slug}/`,
          version: versionOf(text),
        })),
      },
      200,
      { ETag: '"m1"' },
    );
  const client = (fetch: (request: Request) => Promise<Response>) =>
    createContentClient({ baseUrl: 'https://detour.example', fetch, cacheEntries: 0 });

  it('asks again past every cache for a record whose bytes are not the version the manifest gives, and keeps the version of what it got', async () => {
    const fresh = document('a', 'Fresh');
    const stale = document('a', 'Stale');
    const server = scripted(
      () => manifest(['a', fresh]),
      () => new Response(stale),
      () => new Response(fresh),
    );
    const result = await client(server.fetch).sync();
    expect(server.sent.map((r) => [new URL(r.url).pathname, r.cache])).toEqual([
      ['/api/v1/manifest', 'no-cache'],
      ['/api/v1/threats/a', 'default'],
      ['/api/v1/threats/a', 'no-cache'],
    ]);
    expect(result.changed).toEqual([
      { id: 'threats/a', version: versionOf(fresh), record: JSON.parse(fresh) },
    ]);
    expect(result.state).toEqual({
      manifest: { etag: '"m1"', version: 'set-version-0001' },
      records: { 'threats/a': versionOf(fresh) },
    });
  });

  it('reports a record gone between the manifest and its fetch as removed', async () => {
    const a = document('a', 'A');
    const server = scripted(
      () => manifest(['a', a]),
      () => json({ code: 'not_found', message: 'No such record.' }, 404),
    );
    const result = await client(server.fetch).sync({
      manifest: null,
      records: { 'threats/a': 'an-old-version00' },
    });
    expect(result).toMatchObject({ changed: [], removed: ['threats/a'] });
    expect(result.state.records).toEqual({});
  });

  it('throws what stopped it once the fetches under way have settled, each record it got given to onRecord with a state that resumes', async () => {
    const [a, b, c] = ['a', 'b', 'c'].map((slug) => document(slug, slug.toUpperCase()));
    const server = scripted(
      () => manifest(['a', a!], ['b', b!], ['c', c!]),
      () => new Response(a),
      () => {
        throw new TypeError('Connection reset');
      },
    );
    const seen: string[] = [];
    let kept: SyncState | undefined;
    const error = await client(server.fetch)
      .sync(undefined, {
        concurrency: 2,
        onRecord: ({ id }, state) => {
          seen.push(id);
          kept = structuredClone(state);
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(seen).toEqual(['threats/a']);
    expect(kept).toEqual({ manifest: null, records: { 'threats/a': versionOf(a!) } });
    expect(server.sent).toHaveLength(3);
  });
});
