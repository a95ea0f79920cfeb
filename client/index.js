// The content API's client: typed calls through openapi-fetch (index.d.ts, schema.d.ts),
// and what a reader polling a CDN owes it, in one fetch (politeFetch). Plain JavaScript so
// that Node and browsers run it as it is, without a build step.
import createClient from 'openapi-fetch';

/** The most records one page of a list or search may hold. */
const MAX_PAGE = 200;

/** A refusal or failure of the API, with what its Error object says and the request's id. */
export class ContentApiError extends Error {
  constructor({ status, url, code, message, hint, docs, requestId }) {
    super(message);
    this.name = 'ContentApiError';
    this.status = status;
    this.url = url;
    this.code = code;
    this.hint = hint;
    this.docs = docs;
    this.requestId = requestId;
  }
}

/** The error of an answer that is not a success; `body` is its text or parsed JSON, when read. */
function apiError(response, url, body) {
  const error = body && typeof body === 'object' && typeof body.code === 'string' ? body : null;
  return new ContentApiError({
    status: response.status,
    url,
    code: error?.code ?? null,
    message: error?.message ?? `${response.status} ${response.statusText} from ${url}`,
    hint: error?.hint ?? null,
    docs: error?.docs ?? null,
    requestId: response.headers.get('X-Request-Id'),
  });
}

/** Seconds a 429 asks to wait: Retry-After (seconds or a date), else RateLimit-Reset, else one. */
function waitSeconds(response, now) {
  const retryAfter = response.headers.get('Retry-After');
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds);
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, (at - now()) / 1000);
  }
  const reset = Number(response.headers.get('RateLimit-Reset'));
  return Number.isFinite(reset) && reset > 0 ? reset : 1;
}

/**
 * A fetch that reads politely: a 429 is waited out as the server asks (Retry-After, else
 * RateLimit-Reset) and sent again, `retries` times at most and never for longer than
 * `maxWaitSeconds` at once; a GET answered with an ETag is asked again with If-None-Match,
 * and a 304 is answered with the body kept from before (the last `cacheEntries` URLs).
 */
export function politeFetch({
  fetch: send = globalThis.fetch,
  retries = 3,
  maxWaitSeconds = 60,
  cacheEntries = 256,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now = Date.now,
} = {}) {
  const kept = new Map();
  const keep = (url, entry) => {
    kept.delete(url);
    kept.set(url, entry);
    if (kept.size > cacheEntries) kept.delete(kept.keys().next().value);
  };
  return async function fetchPolitely(input, init) {
    const request = new Request(input, init);
    const cacheable =
      cacheEntries > 0 && request.method === 'GET' && !request.headers.has('If-None-Match');
    const before = cacheable ? kept.get(request.url) : undefined;
    for (let attempt = 0; ; attempt++) {
      const sent = request.clone();
      if (before) sent.headers.set('If-None-Match', before.etag);
      const response = await send(sent);
      if (response.status === 429 && attempt < retries) {
        const wait = waitSeconds(response, now);
        if (wait <= maxWaitSeconds) {
          await response.body?.cancel();
          await sleep(wait * 1000);
          continue;
        }
      }
      if (response.status === 304 && before) {
        keep(request.url, before);
        // A 304 carries the answer's fresh metadata (rate limit, request id) for the kept body.
        const headers = new Headers(before.headers);
        for (const [name, value] of response.headers) headers.set(name, value);
        return new Response(before.body, {
          status: before.status,
          statusText: before.statusText,
          headers,
        });
      }
      const etag = response.headers.get('ETag');
      if (cacheable && response.status === 200 && etag) {
        keep(request.url, {
          etag,
          status: response.status,
          statusText: response.statusText,
          headers: [...response.headers],
          body: await response.clone().arrayBuffer(),
        });
      }
      return response;
    }
  };
}

/**
 * The client of one copy of the service (`baseUrl`: its origin, such as
 * https://detour.example or http://localhost:8888). Every method throws ContentApiError
 * for an answer that is not a success.
 */
export function createContentClient({ baseUrl, headers, ...polite } = {}) {
  if (typeof baseUrl !== 'string' || !/^https?:\/\//.test(baseUrl))
    throw new TypeError(
      'baseUrl must be the origin of the service, such as https://detour.example or http://localhost:8888',
    );
  const origin = baseUrl.replace(/\/+$/, '');
  const send = politeFetch(polite);
  const api = createClient({ baseUrl: origin, fetch: send, headers });
  const data = async (call) => {
    const { data: body, error, response } = await call;
    if (!response.ok) throw apiError(response, response.url, error);
    return body;
  };
  const text = async (path) => {
    const url = origin + path;
    const response = await send(url);
    if (!response.ok) throw apiError(response, url, await response.text());
    return response.text();
  };
  const list = (collection, { limit, offset } = {}) =>
    data(api.GET(`/api/v1/${collection}`, { params: { query: { limit, offset } } }));
  const search = (q, { limit } = {}) =>
    data(api.GET('/api/v1/search', { params: { query: { q, limit } } }));
  return {
    api,
    index: () => data(api.GET('/api/v1')),
    list,
    get: (collection, slug) =>
      data(api.GET(`/api/v1/${collection}/{slug}`, { params: { path: { slug } } })),
    search,
    pricing: () => data(api.GET('/api/v1/pricing')),
    async *records(collection, { pageSize } = {}) {
      // Without a page size the first page is the list as published, the one answer every
      // host (a static mirror too) and every CDN copy holds; later pages are the largest.
      for (let offset = 0; ; ) {
        const page = await list(
          collection,
          pageSize === undefined && offset === 0 ? {} : { limit: pageSize ?? MAX_PAGE, offset },
        );
        yield* page.data;
        offset += page.data.length;
        if (page.data.length === 0 || offset >= page.total) return;
      }
    },
    async *searchResults(q) {
      // Search answers best first in one page of at most MAX_PAGE results: it has no offset.
      yield* (await search(q, { limit: MAX_PAGE })).data;
    },
    markdown: (collection, slug) =>
      text(`/${collection}/${encodeURIComponent(slug)}/index.html.md`),
    llmsTxt: () => text('/llms.txt'),
    llmsFullTxt: () => text('/llms-full.txt'),
  };
}
