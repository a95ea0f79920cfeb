import { Readable, pipeline } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import {
  type BrotliOptions,
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  type ZlibOptions,
} from 'node:zlib';
import { isText, MIN_COMPRESSED_BYTES } from '../core/compressible.ts';
import type { RequestInfo } from './app.ts';

/**
 * Text answers compressed as a CDN compresses them (docs/decisions.md, "Compression of
 * npm start"): brotli or gzip as `Accept-Encoding` asks (brotli preferred), with
 * `Vary: Accept-Encoding` on every text answer large enough to compress, whoever asks.
 * Never an answer already encoded, a range (206), a body under MIN_COMPRESSED_BYTES, or
 * an answer marked `no-transform`. A compressed answer's ETag is made weak, as nginx and
 * Hono's compress middleware make it: its bytes are not the file's, but it means the same
 * thing, and the static host compares If-None-Match weakly, so a client that revalidates
 * with the weak tag gets its 304, which then names the weak tag too.
 */
type Encoding = 'br' | 'gzip';

/** Quality 5: most of what brotli's best saves, at a cost near gzip's (docs/benchmarks.md has the figures). */
const BROTLI: BrotliOptions = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};
const GZIP: ZlibOptions = { level: 6 };

const brotliWhole = promisify(brotliCompress);
const gzipWhole = promisify(gzip);
const WHOLE: Record<Encoding, (body: Uint8Array) => Promise<Buffer>> = {
  br: (body) => brotliWhole(body, BROTLI),
  gzip: (body) => gzipWhole(body, GZIP),
};
const STREAMED = { br: () => createBrotliCompress(BROTLI), gzip: () => createGzip(GZIP) };

/** Bodies above this are compressed as they stream, never held whole (file-response.ts streams files this large). */
const STREAM_ABOVE_BYTES = 256 * 1024;

/** The encoding `Accept-Encoding` takes with the highest quality, brotli on a tie; undefined for none (identity). */
export function chosenEncoding(header: string | null): Encoding | undefined {
  if (!header) return undefined;
  const qualities = new Map<string, number>();
  for (const item of header.split(',')) {
    const [name, ...parameters] = item.split(';').map((part) => part.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    qualities.set(name, Number.isFinite(quality) ? quality : 0);
  }
  const quality = (name: Encoding) => qualities.get(name) ?? qualities.get('*') ?? 0;
  if (quality('br') > 0 && quality('br') >= quality('gzip')) return 'br';
  return quality('gzip') > 0 ? 'gzip' : undefined;
}

function addVary(headers: Headers): void {
  const vary = headers.get('vary');
  if (
    vary === '*' ||
    vary?.split(',').some((name) => name.trim().toLowerCase() === 'accept-encoding')
  )
    return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** A 304 for the compressed answer (its weak tag matched) names that tag, as the 200 did. */
function notModified(request: Request, response: Response): Response {
  const tag = response.headers.get('etag');
  if (!tag || tag.startsWith('W/')) return response;
  const asked = request.headers.get('if-none-match') ?? '';
  if (!asked.split(',').some((candidate) => candidate.trim() === `W/${tag}`)) return response;
  const headers = new Headers(response.headers);
  headers.set('ETag', `W/${tag}`);
  addVary(headers);
  return new Response(null, { status: 304, headers });
}

const noTransform = (headers: Headers) =>
  /(^|,)\s*no-transform\s*(,|$)/i.test(headers.get('cache-control') ?? '');

export async function compressAnswer(request: Request, response: Response): Promise<Response> {
  if (response.status === 304) return notModified(request, response);
  const { status, statusText } = response;
  if (
    status < 200 ||
    status === 204 ||
    status === 206 ||
    response.headers.has('content-encoding') ||
    !isText(response.headers.get('content-type')) ||
    noTransform(response.headers)
  )
    return response;
  const head = request.method === 'HEAD';
  const declared = response.headers.get('content-length');
  const size = declared === null ? undefined : Number(declared);
  // A body of no declared length (a function's answer, a few KiB at most) is read to learn it.
  const whole =
    !head && response.body && (size === undefined || size <= STREAM_ABOVE_BYTES)
      ? new Uint8Array(await response.arrayBuffer())
      : undefined;
  const length = whole?.length ?? size;
  // A HEAD of no declared length: what its GET would be cannot be told without the body.
  if (length === undefined && head) return response;
  const headers = new Headers(response.headers);
  const encoding = chosenEncoding(request.headers.get('accept-encoding'));
  if (length !== undefined && length >= MIN_COMPRESSED_BYTES) addVary(headers);
  if (!encoding || (length !== undefined && length < MIN_COMPRESSED_BYTES))
    return whole ? new Response(whole, { status, statusText, headers }) : response;

  headers.set('Content-Encoding', encoding);
  const tag = headers.get('etag');
  if (tag && !tag.startsWith('W/')) headers.set('ETag', `W/${tag}`);
  // Ranges name bytes of the file, not of its compressed form.
  headers.delete('Accept-Ranges');
  if (head) {
    // The GET's headers but its length, which only compressing would tell (nginx leaves it out too).
    headers.delete('Content-Length');
    return new Response(null, { status, statusText, headers });
  }
  if (whole) {
    const compressed = await WHOLE[encoding](whole);
    headers.set('Content-Length', String(compressed.length));
    // zlib's output is a Buffer of its own ArrayBuffer, never a SharedArrayBuffer.
    return new Response(compressed as Buffer<ArrayBuffer>, {
      status,
      statusText,
      headers,
    });
  }
  headers.delete('Content-Length');
  const compressor = STREAMED[encoding]();
  // A failed read ends the compressed stream with that error, and so the answer's connection.
  pipeline(Readable.fromWeb(response.body as ReadableStream), compressor, () => {});
  return new Response(Readable.toWeb(compressor) as globalThis.ReadableStream, {
    status,
    statusText,
    headers,
  });
}

type App = (request: Request, info?: RequestInfo) => Promise<Response>;

/** The app with its answers compressed; last in line, after anything that edits a body (the dev script). */
export function withCompression<A extends App>(app: A): A {
  const compressed = async (request: Request, info?: RequestInfo) =>
    compressAnswer(request, await app(request, info));
  return Object.assign(compressed, app);
}
