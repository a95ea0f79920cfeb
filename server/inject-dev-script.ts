/**
 * Adds the dev server's script to an HTML answer at response time, so dist/ stays exactly
 * what production serves. The tag loads a same-origin file: production's
 * Content-Security-Policy (`script-src 'self'`, no inline script) allows it unchanged.
 * Everything but a GET answered with text/html passes through untouched, byte for byte:
 * HEAD, Markdown twins, JSON, the API, feeds.
 */
/** Conditional and ranged reads would let a browser keep a page with an older build's script: dev answers in full. */
export function withoutConditions(request: Request): Request {
  if (
    !['if-none-match', 'if-modified-since', 'if-range', 'range'].some((name) =>
      request.headers.has(name),
    )
  )
    return request;
  const headers = new Headers(request.headers);
  for (const name of ['if-none-match', 'if-modified-since', 'if-range', 'range'])
    headers.delete(name);
  return new Request(request, { headers });
}

export async function withDevScript(
  request: Request,
  response: Response,
  scriptUrl: string,
): Promise<Response> {
  if (request.method !== 'GET' || !response.body) return response;
  if (!/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) return response;
  // An encoded body cannot be edited as text: the local server compresses after this (compress-answer.ts).
  if (response.headers.has('content-encoding')) return response;
  const html = await response.text();
  const injected = insertScript(html, `<script src="${scriptUrl}" defer></script>`);
  const headers = new Headers(response.headers);
  headers.set('Content-Length', String(Buffer.byteLength(injected)));
  // The validators and ranges name the file's bytes, not these.
  for (const name of ['ETag', 'Last-Modified', 'Accept-Ranges']) headers.delete(name);
  return new Response(injected, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Before `</head>` (a deferred script runs once the page is parsed), else before `</body>`, else at the end. */
export function insertScript(html: string, tag: string): string {
  const at = [/<\/head\s*>/i, /<\/body\s*>/i]
    .map((end) => html.search(end))
    .find((index) => index >= 0);
  return at === undefined ? html + tag : html.slice(0, at) + tag + html.slice(at);
}
