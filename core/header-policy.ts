/**
 * The headers of each kind of answer, in one place: the generated `_headers` (and so the
 * mirror configs) take the static kinds from here, the local server the static 404, and
 * every function, edge function and the local server the kinds code answers
 * (docs/decisions.md, "One header policy").
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const JSON_TYPE = 'application/json; charset=utf-8';

/** The header carrying the id of a request, in every answer code gives and in its log line. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a browser on another origin may read of a public answer besides the CORS-safelisted headers. */
const EXPOSED = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'Retry-After',
  REQUEST_ID_HEADER,
];

const NOSNIFF = { 'X-Content-Type-Options': 'nosniff' };
/** CORS of every public read answer, whatever its kind: the read gate adds it to everything under /api/v1. */
export const PUBLIC_READ: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED.join(', '),
};
/** Content changes only with a deploy, which purges the CDN. */
const DOCUMENT_CACHE = { 'Cache-Control': 'public, max-age=300' };
const NO_STORE = { 'Cache-Control': 'no-store' };
/** Cached at Netlify's CDN until the next deploy purges it, one copy per value of the query parameters named. */
const cdnCache = (parameters: string) => ({
  'Netlify-CDN-Cache-Control': 'public, durable, s-maxage=31536000',
  'Netlify-Vary': `query=${parameters}`,
});

/** Every page and file of the site: the `/*` rule of `_headers`. */
export const SITE_HEADERS: Readonly<Record<string, string>> = {
  ...NOSNIFF,
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  Vary: 'Accept',
};

export type ResponseKind =
  /** A file of the static API (`/api/*` in `_headers`). */
  | 'static-document'
  /** The 404 page or the API's 404 document, where a static host serves it. */
  | 'static-not-found'
  /** A list page or search results from a function: cacheable per query until the next deploy. */
  | 'dynamic-answer'
  /** Any other answer of the public read API from code: an Error, a 405, a CORS preflight. */
  | 'read-error'
  /** 429 of the read limit (Retry-After and RateLimit-* come from the limiter). */
  | 'rate-limited'
  /** Any answer of the contact and sign-up endpoints: a POST's answer, never cached, not offered cross-origin. */
  | 'submission'
  /** Any answer of the authenticated instance and key API: never stored anywhere, not offered cross-origin. */
  | 'org-api'
  /** Any answer of the MCP endpoint: a POST's answer, never stored; readable cross-origin, which its Origin check guards. */
  | 'mcp'
  /** A page code renders (the search page with a query's results): a page's headers, cached at Netlify's CDN per query until the next deploy. */
  | 'dynamic-page'
  /** Any other answer of a page from code (a refused search, a 405, a redirect): a page's headers, never stored. */
  | 'page-error';

export const HEADER_POLICY: Readonly<Record<ResponseKind, Readonly<Record<string, string>>>> = {
  'static-document': { ...PUBLIC_READ, 'Content-Type': JSON_TYPE, ...DOCUMENT_CACHE },
  'static-not-found': { ...NO_STORE },
  'dynamic-answer': {
    ...NOSNIFF,
    ...PUBLIC_READ,
    ...DOCUMENT_CACHE,
    ...cdnCache('limit|offset|q'),
  },
  'read-error': { ...NOSNIFF, ...PUBLIC_READ, ...NO_STORE },
  'rate-limited': { ...NOSNIFF, ...PUBLIC_READ, ...NO_STORE },
  submission: { ...NOSNIFF, ...NO_STORE },
  'org-api': { ...NOSNIFF, ...NO_STORE },
  mcp: { ...NOSNIFF, ...PUBLIC_READ, ...NO_STORE },
  // No browser Cache-Control, as the static pages have none: browsers ask again, the CDN answers.
  'dynamic-page': { ...SITE_HEADERS, ...cdnCache('q') },
  'page-error': { ...SITE_HEADERS, ...NO_STORE },
};

/** Who a handler answers, which with the status decides the kind of each answer. */
export type Audience = 'public-read' | 'submission' | 'org-api' | 'mcp' | 'page';

export function responseKind(audience: Audience, status: number): ResponseKind {
  if (audience === 'page') return status >= 200 && status < 300 ? 'dynamic-page' : 'page-error';
  if (audience !== 'public-read') return audience;
  if (status === 429) return 'rate-limited';
  return status >= 200 && status < 300 && status !== 204 ? 'dynamic-answer' : 'read-error';
}

/** The response with its kind's headers set (replacing what the handler set for the same names). */
export function withPolicy(response: Response, kind: ResponseKind): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(HEADER_POLICY[kind])) headers.set(name, value);
  // Netlify's CDN headers only make sense on what may be cached.
  if (!('Netlify-CDN-Cache-Control' in HEADER_POLICY[kind]))
    for (const name of ['Netlify-CDN-Cache-Control', 'Netlify-Vary']) headers.delete(name);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
