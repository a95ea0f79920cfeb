import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DEFAULT_MEDIA_TYPE, MEDIA_TYPES } from '../core/media-types.ts';
import { HEADERS_FILE, REDIRECTS_FILE } from '../generator/emit/netlify-rules.ts';
import { loadStaticRules, targetOf, type StaticRules } from './static-rules.ts';

const RULE_FILES = new Set([REDIRECTS_FILE, HEADERS_FILE].map((name) => `/${name}`));

/** Small files are read at once (cheaper than a stream per request); large ones are streamed. */
const STREAM_ABOVE_BYTES = 256 * 1024;

async function fileBody(file: string, size: number): Promise<BodyInit> {
  return size > STREAM_ABOVE_BYTES ? (Readable.toWeb(createReadStream(file)) as ReadableStream) : readFile(file);
}

/**
 * Serves dist/ as a static host with Netlify's rule semantics: a file shadows a
 * non-forced rule, the first matching rule wins, and `_headers` decorate every answer.
 */
export async function createStaticSite(distDir: string): Promise<(request: Request) => Promise<Response>> {
  const root = path.resolve(distDir);
  const rules = await loadStaticRules(root);

  const fileAt = async (urlPath: string): Promise<{ file: string; size: number } | 'directory' | undefined> => {
    // Encoded `../` must not reach outside its own folder; such paths still go through the rules (and so to a 404).
    if (urlPath.split('/').some((segment) => segment === '..' || segment.includes('\0'))) return undefined;
    // Netlify reads its rule files from the publish folder and never serves them.
    if (RULE_FILES.has(urlPath.toLowerCase())) return undefined;
    const file = path.join(root, urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath);
    const info = await stat(file).catch(() => undefined);
    if (!info) return undefined;
    return info.isDirectory() ? 'directory' : { file, size: info.size };
  };

  const respond = async (request: Request, urlPath: string, status: number, headerPath: string): Promise<Response> => {
    const found = await fileAt(urlPath);
    if (!found || found === 'directory') return notFound(request, rules, fileAt);
    const headers = new Headers({ 'Content-Type': MEDIA_TYPES[path.extname(found.file)] ?? DEFAULT_MEDIA_TYPE, 'Content-Length': String(found.size) });
    for (const [name, value] of Object.entries(rules.headersFor(headerPath))) headers.set(name, value);
    if (request.method === 'HEAD') return new Response(null, { status, headers });
    return new Response(await fileBody(found.file, found.size), { status, headers });
  };

  return async (request) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return notFound(request, rules, fileAt);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const existing = await fileAt(urlPath);
    const rule = rules.firstMatch(urlPath);
    // A file at the path shadows a rule unless the rule is forced, as on Netlify.
    if (rule && (!existing || existing === 'directory' || rule.force)) {
      const target = targetOf(rule, urlPath);
      if (rule.status >= 300 && rule.status < 400) return new Response(null, { status: rule.status, headers: { Location: target } });
      return respond(request, target, rule.status, urlPath);
    }
    if (existing === 'directory') return new Response(null, { status: 301, headers: { Location: `${urlPath}/` } });
    if (existing) return respond(request, urlPath, 200, urlPath);
    return notFound(request, rules, fileAt);
  };
}

async function notFound(
  request: Request,
  rules: StaticRules,
  fileAt: (p: string) => Promise<unknown>,
): Promise<Response> {
  const headers = new Headers({ 'Content-Type': MEDIA_TYPES['.html']!, ...rules.headersFor('/404.html') });
  const found = await fileAt('/404.html');
  if (!found || request.method === 'HEAD') return new Response(null, { status: 404, headers });
  const { file } = found as { file: string };
  return new Response(await readFile(file), { status: 404, headers });
}
