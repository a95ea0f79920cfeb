/**
 * `Accept: text/markdown` on a page gets its Markdown twin (docs/api.md). Pure
 * functions, so the same code runs in the local server and in a Netlify edge function.
 */
interface MediaRange {
  type: string;
  q: number;
}

function parseAccept(accept: string): MediaRange[] {
  return accept.split(',').flatMap((part) => {
    const [type, ...params] = part
      .trim()
      .toLowerCase()
      .split(';')
      .map((s) => s.trim());
    if (!type) return [];
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    return [{ type, q: Number.isFinite(q) ? q : 0 }];
  });
}

/** True when the client asks for Markdown explicitly and likes it at least as much as HTML. */
export function prefersMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  const qOf = (...types: string[]) =>
    Math.max(0, ...ranges.filter((r) => types.includes(r.type)).map((r) => r.q));
  const markdown = qOf('text/markdown', 'text/x-markdown');
  return markdown > 0 && markdown >= qOf('text/html', 'application/xhtml+xml');
}

/** The twin of a page path, or undefined for paths that are not pages (API, files with an extension). */
export function markdownTwinPath(pathname: string): string | undefined {
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/_'))
    return undefined;
  const last = pathname.split('/').at(-1) ?? '';
  if (last.includes('.')) return undefined;
  return `${pathname.endsWith('/') ? pathname : `${pathname}/`}index.html.md`;
}

/** Where a request for a page goes when it asks for Markdown: the twin's path, or undefined to serve the page as it is. */
export function markdownTwinFor(request: Request): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const twin = markdownTwinPath(new URL(request.url).pathname);
  return twin && prefersMarkdown(request.headers.get('accept')) ? twin : undefined;
}
