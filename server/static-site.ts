import type { Stats } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { HEADER_POLICY } from '../core/header-policy.ts';
import { DEFAULT_MEDIA_TYPE, MEDIA_TYPES } from '../core/media-types.ts';
import { fileResponse } from './file-response.ts';
import { loadStaticRules, targetOf } from './static-rules.ts';

export interface StaticSite {
  /** dist/ as a static host serves it. */
  serve(request: Request): Promise<Response>;
  /** The 404 page, with its headers and status 404. */
  notFound(request: Request): Promise<Response>;
}

type Found = { file: string; info: Stats } | 'directory' | undefined;

/**
 * Serves dist/ as a static host with Netlify's rule semantics: a file shadows a
 * non-forced rule, the first matching rule wins, and `_headers` decorate every answer.
 * Nothing is served whose path has a segment starting with `_` or `.` (the rule files,
 * the function data, dotfiles), nor through a symbolic link that leads out of dist/.
 */
export async function createStaticSite(distDir: string): Promise<StaticSite> {
  const root = await realpath(path.resolve(distDir));
  const rules = await loadStaticRules(root);

  const fileAt = async (urlPath: string): Promise<Found> => {
    const segments = urlPath.split('/');
    if (
      segments.some(
        (segment) =>
          segment.startsWith('.') ||
          segment.startsWith('_') ||
          segment.includes('\0') ||
          segment.includes('\\'),
      )
    )
      return undefined;
    const file = path.join(root, urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath);
    const real = await realpath(file).catch(() => undefined);
    if (!real || (real !== root && !real.startsWith(root + path.sep))) return undefined;
    const info = await stat(real).catch(() => undefined);
    if (!info) return undefined;
    return info.isDirectory() ? 'directory' : { file: real, info };
  };

  const notFound = async (request: Request): Promise<Response> => {
    const headers = new Headers({
      'Content-Type': MEDIA_TYPES['.html']!,
      ...rules.headersFor('/404.html'),
      ...HEADER_POLICY['static-not-found'],
    });
    const found = await fileAt('/404.html');
    if (!found || found === 'directory' || request.method === 'HEAD')
      return new Response(null, { status: 404, headers });
    return new Response(await readFile(found.file), { status: 404, headers });
  };

  const respond = async (
    request: Request,
    urlPath: string,
    status: number,
    headerPath: string,
  ): Promise<Response> => {
    const found = await fileAt(urlPath);
    if (!found || found === 'directory') return notFound(request);
    const headers = new Headers({
      'Content-Type': MEDIA_TYPES[path.extname(found.file)] ?? DEFAULT_MEDIA_TYPE,
    });
    for (const [name, value] of Object.entries(rules.headersFor(headerPath)))
      headers.set(name, value);
    return fileResponse(request, found.file, found.info, status, headers).catch(
      (error: NodeJS.ErrnoException) => {
        // Deleted between its stat and its read (npm run dev deleting a record's files): not
        // found, as nginx, which opens a file before it reads it, answers; not a failure.
        if (error.code === 'ENOENT') return notFound(request);
        throw error;
      },
    );
  };

  const serve = async (request: Request): Promise<Response> => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return notFound(request);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const existing = await fileAt(urlPath);
    const rule = rules.firstMatch(urlPath);
    // A file at the path shadows a rule unless the rule is forced, as on Netlify.
    if (rule && (!existing || existing === 'directory' || rule.force)) {
      const target = targetOf(rule, urlPath);
      if (rule.status >= 300 && rule.status < 400)
        return new Response(null, { status: rule.status, headers: { Location: target } });
      return respond(request, target, rule.status, urlPath);
    }
    // Relative to the site, one leading slash: `//host` would send a browser to another host.
    if (existing === 'directory')
      return new Response(null, {
        status: 301,
        headers: { Location: `/${urlPath.replace(/^\/+/, '')}/` },
      });
    if (existing) return respond(request, urlPath, 200, urlPath);
    return notFound(request);
  };

  return { serve, notFound };
}
