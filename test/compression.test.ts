import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths, twinPath } from '../core/paths.ts';
import { chosenEncoding, compressAnswer } from '../server/compress-answer.ts';
import { assetPath } from '../generator/render/asset-names.ts';
import { prepareSite, startHost, type HostProcess } from './support/host-process.ts';
import { send, type RawResponse } from './support/raw-http.ts';
import { syntheticSlug } from './support/synthetic-corpus.ts';

/** Text answers of `npm start` (and `npm run dev`) compressed as a CDN compresses them. */
let start: HostProcess;
let dev: HostProcess;

beforeAll(async () => {
  // Each its own dist/: two servers building one would race.
  const [site, devSite] = await Promise.all([prepareSite(8), prepareSite(1)]);
  [start, dev] = await Promise.all([
    startHost('server/start.ts', site),
    startHost('server/dev.ts', devSite),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([start?.stop(), dev?.stop()]);
});

const RECORD = paths.recordPage('threats', syntheticSlug('threats', 0));

/** Text answers above the threshold: files, a twin, and what functions answer (lists, search, the search page). */
const TEXT: [target: string, headers?: Record<string, string>][] = [
  ['/'],
  [RECORD],
  [RECORD, { accept: 'text/markdown' }],
  [twinPath(RECORD)],
  [paths.apiRecord('threats', syntheticSlug('threats', 0))],
  [paths.apiList('threats')],
  [`${paths.apiList('threats')}?limit=5&offset=1`],
  [`${paths.apiSearch}?q=synthetic`],
  ['/search/?q=synthetic'],
  [paths.openapi],
  [assetPath('site.css')],
  [paths.llms],
  [paths.sitemap],
];

const decode = (response: RawResponse) =>
  response.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(response.body)
    : gunzipSync(response.body);

const varies = (response: RawResponse) =>
  (response.headers.vary ?? '').split(/,\s*/).includes('Accept-Encoding');

/** The headers that differ between the plain and the compressed answer, or that a request sets (the id, the rate limit). */
const VARIANT_HEADERS = [
  'content-encoding',
  'content-length',
  'etag',
  'accept-ranges',
  'date',
  'x-request-id',
  'ratelimit-remaining',
  'ratelimit-reset',
];
const sameHeaders = (response: RawResponse) =>
  Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !VARIANT_HEADERS.includes(name)),
  );

describe('npm start', () => {
  it('compresses text answers with brotli or gzip, as Accept-Encoding asks, to exactly the plain body', async () => {
    for (const [target, headers = {}] of TEXT) {
      const plain = await send(start.url, target, { headers });
      expect(plain.status, target).toBe(200);
      expect(plain.headers['content-encoding'], target).toBeUndefined();
      expect(plain.body.length, target).toBeGreaterThanOrEqual(1024);
      // Caches must keep the variants apart even for a client that asked for none.
      expect(varies(plain), target).toBe(true);
      for (const [asked, encoding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br', 'br'],
        ['br;q=0.5, gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['*', 'br'],
      ] as const) {
        const what = `${target} (${asked})`;
        const got = await send(start.url, target, {
          headers: { ...headers, 'accept-encoding': asked },
        });
        expect(got.status, what).toBe(200);
        expect(got.headers['content-encoding'], what).toBe(encoding);
        expect(varies(got), what).toBe(true);
        expect(Number(got.headers['content-length']), what).toBe(got.body.length);
        expect(got.body.length, what).toBeLessThan(plain.body.length);
        expect(decode(got).equals(plain.body), what).toBe(true);
        expect(sameHeaders(got), what).toEqual(sameHeaders(plain));
        // A file's tag, weak for its compressed form; a function's answer has none.
        expect(got.headers.etag, what).toBe(plain.headers.etag && `W/${plain.headers.etag}`);
      }
    }
  });

  it('sends plain bytes to a client that asks for none, or refuses both encodings', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ]) {
      const got = await send(start.url, '/', { headers });
      expect(got.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(got.body.toString(), JSON.stringify(headers)).toContain('<!doctype html>');
    }
  });

  it('leaves ranges, small bodies, images and empty answers alone', async () => {
    const asked = { 'accept-encoding': 'br, gzip' };
    const range = await send(start.url, '/', { headers: { ...asked, range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.length).toBe(100);

    for (const target of [
      '/assets/favicon.svg', // text, under 1 KiB
      '/api/v1/threats/no-such-record', // a JSON 404, under 1 KiB
      '/assets/apple-touch-icon.png', // not text
    ]) {
      const got = await send(start.url, target, { headers: asked });
      expect(got.headers['content-encoding'], target).toBeUndefined();
      expect(varies(got), target).toBe(false);
    }
    const redirect = await send(start.url, '/threats', { headers: asked });
    expect(redirect.status).toBe(301);
    expect(redirect.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD with the headers of the compressed GET and no body', async () => {
    for (const target of ['/', assetPath('site.css'), paths.openapi]) {
      const headers = { 'accept-encoding': 'br' };
      const get = await send(start.url, target, { headers });
      const head = await send(start.url, target, { method: 'HEAD', headers });
      expect(head.status, target).toBe(200);
      expect(head.body.length, target).toBe(0);
      // Only the length is left out: compressing is what would tell it.
      expect(head.headers['content-length'], target).toBeUndefined();
      const { 'content-length': _, ...rest } = get.headers;
      for (const [name, value] of Object.entries(rest))
        if (
          ![
            'date',
            'x-request-id',
            'ratelimit-remaining',
            'ratelimit-reset',
            'transfer-encoding',
          ].includes(name)
        )
          expect(head.headers[name], `${target}: ${name}`).toBe(value);
    }
  });

  it('still answers 304 to a conditional request with either tag, naming the variant the client holds', async () => {
    for (const target of ['/', RECORD, assetPath('site.css'), paths.openapi]) {
      const plain = await send(start.url, target);
      const compressed = await send(start.url, target, { headers: { 'accept-encoding': 'br' } });
      const weak = compressed.headers.etag!;
      expect(weak, target).toBe(`W/${plain.headers.etag}`);

      const again = await send(start.url, target, {
        headers: { 'accept-encoding': 'br', 'if-none-match': weak },
      });
      expect(again.status, target).toBe(304);
      expect(again.body.length, target).toBe(0);
      expect(again.headers.etag, target).toBe(weak);
      expect(varies(again), target).toBe(true);

      const plainAgain = await send(start.url, target, {
        headers: { 'if-none-match': plain.headers.etag! },
      });
      expect(plainAgain.status, target).toBe(304);
      expect(plainAgain.headers.etag, target).toBe(plain.headers.etag);
    }
  });
});

describe('npm run dev', () => {
  it('compresses the page with the dev script already in it', async () => {
    const plain = await send(dev.url, RECORD);
    expect(plain.body.toString()).toContain('/__dev/live-reload.js');
    for (const encoding of ['br', 'gzip']) {
      const got = await send(dev.url, RECORD, { headers: { 'accept-encoding': encoding } });
      expect(got.headers['content-encoding']).toBe(encoding);
      const page = decode(got).toString();
      expect(page).toContain('/__dev/live-reload.js');
      expect(page).toBe(plain.body.toString());
    }
  });
});

describe('compressAnswer', () => {
  it('compresses a large body as it streams, without a length', async () => {
    const text = 'The same line of text, again and again.\n'.repeat(10_000);
    const response = await compressAnswer(
      new Request('http://localhost/big.txt', { headers: { 'accept-encoding': 'gzip' } }),
      new Response(text, {
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Length': String(Buffer.byteLength(text)),
        },
      }),
    );
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-length')).toBeNull();
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(text);
  });

  it('leaves an answer marked no-transform, and one already encoded, as they are', async () => {
    const body = 'x'.repeat(4096);
    for (const headers of <Record<string, string>[]>[
      { 'Content-Type': 'text/plain', 'Cache-Control': 'public, no-transform' },
      { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' },
      { 'Content-Type': 'text/event-stream' },
    ]) {
      const response = new Response(body, { headers });
      const answer = await compressAnswer(
        new Request('http://localhost/', { headers: { 'accept-encoding': 'br' } }),
        response,
      );
      expect(answer).toBe(response);
    }
  });

  it('chooses the encoding of the highest quality, brotli on a tie, none when both are refused', () => {
    expect(chosenEncoding(null)).toBeUndefined();
    expect(chosenEncoding('deflate')).toBeUndefined();
    expect(chosenEncoding('gzip;q=0.9, br;q=0.8')).toBe('gzip');
    expect(chosenEncoding('GZIP, BR')).toBe('br');
    expect(chosenEncoding('*;q=0.5, gzip')).toBe('gzip');
    expect(chosenEncoding('*, br;q=0')).toBe('gzip');
  });
});
