import { createReadStream, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';

/**
 * A file's answer to GET or HEAD as nginx and Caddy give it (docs/decisions.md, "Static
 * reads"): a strong ETag and Last-Modified; `If-None-Match` (else `If-Modified-Since`)
 * that matches is a 304; one satisfiable byte range is a 206, an unsatisfiable one a 416.
 * Several ranges in one request get the whole file (RFC 9110 allows ignoring Range).
 */

/** Small files are read at once (cheaper than a stream per request); large ones are streamed. */
const STREAM_ABOVE_BYTES = 256 * 1024;

/** nginx's form: modification time in seconds and size, in hex. */
function entityTag(info: Stats): string {
  return `"${Math.floor(info.mtimeMs / 1000).toString(16)}-${info.size.toString(16)}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

function noneMatch(header: string, tag: string): boolean {
  return header.trim() === '*' || header.split(',').some((candidate) => opaque(candidate) === tag);
}

function notModifiedSince(header: string, info: Stats): boolean {
  const since = Date.parse(header);
  return Number.isFinite(since) && Math.floor(info.mtimeMs / 1000) * 1000 <= since;
}

type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/** One `bytes=` range of a file of `size` bytes; undefined when there is none to honour (absent, malformed, several). */
function byteRange(header: string | null, size: number): ByteRange {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  // A range that ends before it starts is refused, as nginx and Caddy refuse it.
  if (start >= size || (match[2] !== '' && Number(match[2]) < start)) return 'unsatisfiable';
  return { start, end };
}

/** `If-Range`: the range applies only while the file is the one the client has. */
function rangeStillValid(ifRange: string | null, tag: string, info: Stats): boolean {
  if (ifRange === null) return true;
  if (ifRange.trim().startsWith('"') || ifRange.trim().startsWith('W/'))
    return ifRange.trim() === tag;
  const date = Date.parse(ifRange);
  return Number.isFinite(date) && Math.floor(info.mtimeMs / 1000) * 1000 === date;
}

async function body(
  file: string,
  size: number,
  range?: { start: number; end: number },
): Promise<BodyInit> {
  if (range) return Readable.toWeb(createReadStream(file, range)) as ReadableStream;
  return size > STREAM_ABOVE_BYTES
    ? (Readable.toWeb(createReadStream(file)) as ReadableStream)
    : readFile(file);
}

/**
 * The answer for a file found at a path: `headers` are those of its path (Content-Type
 * and `_headers`); `status` is 200 unless a rule gives it another, and only a 200 is
 * conditional or ranged.
 */
export async function fileResponse(
  request: Request,
  file: string,
  info: Stats,
  status: number,
  headers: Headers,
): Promise<Response> {
  const head = request.method === 'HEAD';
  if (status !== 200) {
    headers.set('Content-Length', String(info.size));
    return new Response(head ? null : await body(file, info.size), { status, headers });
  }
  const tag = entityTag(info);
  headers.set('ETag', tag);
  headers.set('Last-Modified', new Date(Math.floor(info.mtimeMs / 1000) * 1000).toUTCString());
  headers.set('Accept-Ranges', 'bytes');
  const ifNoneMatch = request.headers.get('if-none-match');
  const ifModifiedSince = request.headers.get('if-modified-since');
  if (
    ifNoneMatch !== null
      ? noneMatch(ifNoneMatch, tag)
      : ifModifiedSince !== null && notModifiedSince(ifModifiedSince, info)
  ) {
    headers.delete('Content-Type');
    return new Response(null, { status: 304, headers });
  }
  const range = rangeStillValid(request.headers.get('if-range'), tag, info)
    ? byteRange(request.headers.get('range'), info.size)
    : undefined;
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${info.size}`);
    headers.set('Content-Length', '0');
    return new Response(null, { status: 416, headers });
  }
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
    headers.set('Content-Length', String(range.end - range.start + 1));
    return new Response(head ? null : await body(file, info.size, range), { status: 206, headers });
  }
  headers.set('Content-Length', String(info.size));
  return new Response(head ? null : await body(file, info.size), { status: 200, headers });
}
