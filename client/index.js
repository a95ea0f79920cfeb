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

/** The version of bytes as the manifest gives it: the base64url SHA-256, cut to `length` characters. */
async function versionOf(bytes, length) {
  // Web Crypto is there in Node and in a browser's secure contexts; elsewhere the manifest's word is taken.
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').slice(0, length);
}

/**
 * sync() of a client (index.d.ts says what it takes and gives). The state handed to
 * `onRecord` is the one being brought in line, valid input to another sync at every step:
 * its manifest is null from the moment the records start to change until the last one is in,
 * and each record's version is set as its document arrives.
 */
function syncer(send, origin) {
  const get = async (path, init = {}) => {
    const url = origin + path;
    const response = await send(url, init);
    if (!response.ok && response.status !== 304) {
      const text = await response.text();
      let body = text;
      try {
        body = JSON.parse(text);
      } catch {}
      throw apiError(response, url, body);
    }
    return response;
  };
  const recordPath = (id) => {
    const [collection, slug] = id.split('/');
    return `/api/v1/${collection}/${encodeURIComponent(slug)}`;
  };
  /** A record's document and the version of the bytes received; a copy whose bytes are not the manifest's version (a browser's cache) is asked for again past every cache. */
  const fetchRecord = async (id, expected, signal) => {
    let fresh = false;
    for (;;) {
      const response = await get(recordPath(id), {
        signal,
        ...(fresh ? { cache: 'no-cache' } : {}),
      }).catch((error) => {
        if (error instanceof ContentApiError && error.status === 404) return null;
        throw error;
      });
      if (response === null) return null;
      const bytes = await response.arrayBuffer();
      const version = (await versionOf(bytes, expected.length)) ?? expected;
      if (version !== expected && !fresh) {
        fresh = true;
        continue;
      }
      return { version, record: JSON.parse(new TextDecoder().decode(bytes)) };
    }
  };

  return async function sync(kept, { onRecord, concurrency = 4, signal } = {}) {
    const state = {
      manifest: kept?.manifest ?? null,
      records: { ...(kept?.records ?? {}) },
    };
    const etag = state.manifest?.etag;
    const answer = await get('/api/v1/manifest', {
      signal,
      cache: 'no-cache',
      headers: etag ? { 'If-None-Match': etag } : {},
    });
    if (answer.status === 304) {
      await answer.body?.cancel();
      return { notModified: true, changed: [], removed: [], state };
    }
    const manifest = await answer.json();
    const listed = new Map(
      manifest.records.map((entry) => [`${entry.collection}/${entry.slug}`, entry]),
    );
    const wanted = [...listed].filter(([id, entry]) => state.records[id] !== entry.version);
    const removed = Object.keys(state.records).filter((id) => !listed.has(id));
    if (wanted.length || removed.length) state.manifest = null;
    const changed = [];
    let next = 0;
    let failed = false;
    const worker = async () => {
      while (next < wanted.length && !failed) {
        const [id, entry] = wanted[next++];
        const fetched = await fetchRecord(id, entry.version, signal);
        if (fetched === null) {
          // Gone since the manifest was read: a newer build removed it.
          if (id in state.records) removed.push(id);
          continue;
        }
        state.records[id] = fetched.version;
        const synced = { id, version: fetched.version, record: fetched.record };
        changed.push(synced);
        await onRecord?.(synced, state);
      }
    };
    // A failure stops the workers taking more; the fetches under way settle (and reach onRecord) before sync() throws.
    const guarded = () =>
      worker().catch((error) => {
        failed = true;
        throw error;
      });
    const settled = await Promise.allSettled(
      Array.from({ length: Math.max(1, concurrency) }, guarded),
    );
    const failure = settled.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    for (const id of removed) delete state.records[id];
    state.manifest = { etag: answer.headers.get('ETag'), version: manifest.version };
    return { notModified: false, changed, removed, state };
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
    sync: syncer(send, origin),
  };
}
