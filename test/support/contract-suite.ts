import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_KEYS } from '../../core/collections.ts';
import { paths, twinPath } from '../../core/paths.ts';
import { clientChecks } from './client-checks.ts';
import type { HostProcess, HostScript, ServedSite } from './host-process.ts';
import { prepareSite, startHost } from './host-process.ts';
import { mcpChecks } from './mcp-checks.ts';
import { openApiValidator } from './openapi-validator.ts';
import { exchangeJudge, type PrismProxy, startPrismProxy, violationsOf } from './prism-proxy.ts';
import { send } from './raw-http.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { syntheticSlug } from './synthetic-corpus.ts';

/**
 * The end-to-end suite of the contract, over HTTP, black-box: the same tests run against
 * every way the project is served (`npm start`, `npm run start:netlify`). Each host is
 * started as a user starts it, on a synthetic corpus, with a real SMTP server for its
 * mail and TRUST_PROXY=1 so each test can be its own client (X-Forwarded-For).
 */
export interface HostTraits {
  /** The keys CLI's --store for the store this host reads keys from. */
  keyStore: 'local' | 'netlify-dev';
  /**
   * Whether the read gate keeps its counters between requests. Netlify's emulator runs each
   * edge invocation in a new worker (docs/decisions.md), so RateLimit-Remaining stays at 599 there.
   */
  readCountsDown: boolean;
  /**
   * Requests each of 32 concurrent clients makes with one key, or none: the emulator starts a
   * worker for every invocation, too slow for that load in a test. The org-api function
   * takes the same load on Netlify Blobs in test/netlify-functions.test.ts.
   */
  requestsPerClient?: number;
  /**
   * Whether every request goes through Stoplight Prism as a validating proxy in front of the
   * host, and what Prism says of each exchange is checked (test/support/prism-proxy.ts).
   */
  throughPrism?: boolean;
}

const PER_COLLECTION = 3;
const ORG = '7d1f5c1e-6a0b-4c43-9a51-2b7f0e4d9c10';
let clients = 0;
/** A fresh client address per use, so no test spends another's rate-limit budget. */
const newClient = () => `198.51.100.${++clients}`;

export function contractSuite(script: HostScript, traits: HostTraits): void {
  let site: ServedSite;
  let host: HostProcess;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let validate: ReturnType<typeof openApiValidator>;
  let prism: PrismProxy | undefined;
  let judge: ReturnType<typeof exchangeJudge> | undefined;
  /** Where requests go: the host, or Prism in front of it. */
  let origin: string;

  beforeAll(async () => {
    site = await prepareSite(PER_COLLECTION);
    smtp = await startSmtpSink();
    const documentPath = path.join(site.distDir, 'api/v1/openapi.json');
    const document = JSON.parse(await readFile(documentPath, 'utf8'));
    validate = openApiValidator(document);
    host = await startHost(script, site, { SMTP_URL: smtp.url, TRUST_PROXY: '1' });
    origin = host.url;
    if (traits.throughPrism) {
      prism = await startPrismProxy(documentPath, host.url);
      judge = exchangeJudge(document);
      origin = prism.url;
    }
  });
  afterAll(async () => {
    await prism?.close();
    await host?.stop();
    await smtp?.close();
  });

  /** `invalid`: the request is made wrong on purpose, so Prism must find fault with it. */
  async function request(
    p: string,
    init: RequestInit & { client?: string; invalid?: boolean } = {},
  ): Promise<Response> {
    const res = await fetch(origin + p, {
      ...init,
      headers: {
        'X-Forwarded-For': init.client ?? newClient(),
        ...(init.headers as Record<string, string>),
      },
    });
    judge?.(init.method ?? 'GET', p, violationsOf(res.headers), init.invalid);
    return res;
  }
  /** The client's fetch: each exchange judged as the suite's own requests are. */
  const judgedFetch = async (req: Request): Promise<Response> => {
    const res = await fetch(req);
    const url = new URL(req.url);
    judge?.(req.method, url.pathname + url.search, violationsOf(res.headers));
    return res;
  };
  const file = async (name: string) => readFile(path.join(site.distDir, name), 'utf8');
  /**
   * A request sent as written (no client normalizes the target), as a fresh client, to the
   * host itself: Prism parses the target as a URL, which would change these spellings.
   */
  const raw = (p: string, headers: Record<string, string> = {}) =>
    send(host.url, p, { method: 'GET', headers: { 'x-forwarded-for': newClient(), ...headers } });

  /** A JSON answer with its status, checked against the OpenAPI document's schema for that operation. */
  async function json(res: Response, status: number, operation?: [string, string]) {
    expect(res.status, `${res.url}\n${host.output().slice(-2000)}`).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await res.json()) as Record<string, unknown> & {
      data: { slug: string }[];
      code?: string;
    };
    if (operation) expect(validate(operation[0], operation[1], status, body)).toEqual([]);
    return body;
  }

  async function expectError(
    res: Response,
    status: number,
    code: string,
    operation?: [string, string],
  ) {
    const body = await json(res, status, operation);
    expect(body.code).toBe(code);
    expect(body.error).toBe(body.message);
    expect(String(body.hint).length).toBeGreaterThan(10);
    return body;
  }

  describe('the typed client (client/)', () =>
    clientChecks(() => origin, newClient, {
      perCollection: PER_COLLECTION,
      dynamic: true,
      fetch: judgedFetch,
    }));

  describe('agents (MCP)', () => mcpChecks(() => origin, newClient));

  describe('reads', () => {
    it('serves the API index with CORS and the RateLimit fields, and HEAD without a body', async () => {
      const res = await request('/api/v1');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('ratelimit-limit')).toBe('600');
      expect(res.headers.get('ratelimit-policy')).toBe('600;w=60');
      expect(res.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
      const index = await json(res, 200, ['GET', '/api/v1']);
      expect(index).toEqual(JSON.parse(await file('api/v1.json')));
      const head = await request('/api/v1', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
    });

    it('counts reads per client', async () => {
      const client = newClient();
      const first = Number(
        (await request('/api/v1/pricing', { client })).headers.get('ratelimit-remaining'),
      );
      const second = Number(
        (await request('/api/v1/pricing', { client })).headers.get('ratelimit-remaining'),
      );
      expect(first).toBe(599);
      expect(second).toBe(traits.readCountsDown ? 598 : 599);
    });

    it('serves every list, with and without paging, and every record', async () => {
      for (const key of COLLECTION_KEYS) {
        const list = await json(await request(`/api/v1/${key}`), 200, ['GET', `/api/v1/${key}`]);
        expect(list).toEqual(JSON.parse(await file(`api/v1/${key}.json`)));
        const page = await json(await request(`/api/v1/${key}?limit=1&offset=1`), 200, [
          'GET',
          `/api/v1/${key}`,
        ]);
        expect(page).toMatchObject({
          limit: 1,
          offset: 1,
          total: PER_COLLECTION,
          data: [list.data[1]],
        });
        const record = await json(await request(`/api/v1/${key}/${list.data[0]!.slug}`), 200, [
          'GET',
          `/api/v1/${key}/{slug}`,
        ]);
        expect(record).toEqual(JSON.parse(await file(`api/v1/${key}/${list.data[0]!.slug}.json`)));
      }
      const clamped = await json(
        await request('/api/v1/glossary?limit=0&offset=-4', { invalid: true }),
        200,
        ['GET', '/api/v1/glossary'],
      );
      expect(clamped).toMatchObject({ limit: 1, offset: 0 });
    });

    it('serves pricing and the OpenAPI document', async () => {
      expect(await json(await request('/api/v1/pricing'), 200, ['GET', '/api/v1/pricing'])).toEqual(
        JSON.parse(await file('api/v1/pricing.json')),
      );
      expect((await json(await request('/api/v1/openapi.json'), 200)).openapi).toBe('3.1.0');
    });

    it('serves the manifest of versions as built, cached as the lists are, and an unchanged poll as a 304', async () => {
      const res = await request(paths.apiManifest);
      const etag = res.headers.get('etag');
      const manifest = await json(res, 200, ['GET', paths.apiManifest]);
      expect(manifest).toEqual(JSON.parse(await file('api/v1/manifest.json')));
      expect(manifest.total).toBe(6 * PER_COLLECTION);
      const list = await request('/api/v1/threats');
      expect(res.headers.get('cache-control')).toBe(list.headers.get('cache-control'));
      expect(etag).toBeTruthy();
      const again = await request(paths.apiManifest, { headers: { 'If-None-Match': etag! } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('ratelimit-limit')).toBe('600');
      expect(
        (await request(paths.apiManifest, { headers: { 'If-None-Match': '"other"' } })).status,
      ).toBe(200);
    });

    it('searches across collections and refuses an empty query', async () => {
      const results = await json(await request('/api/v1/search?q=record&limit=4'), 200, [
        'GET',
        '/api/v1/search',
      ]);
      expect(results).toMatchObject({ query: 'record', limit: 4, total: 4 });
      const one = await json(
        await request(`/api/v1/search?q=${encodeURIComponent('threats record 2')}`),
        200,
        ['GET', '/api/v1/search'],
      );
      expect(one.data[0]).toMatchObject({
        collection: 'threats',
        slug: syntheticSlug('threats', 2),
      });
      await expectError(
        await request('/api/v1/search?q=%20', { invalid: true }),
        400,
        'invalid_request',
        ['GET', '/api/v1/search'],
      );
      await expectError(
        await request('/api/v1/search', { invalid: true }),
        400,
        'invalid_request',
        ['GET', '/api/v1/search'],
      );
    });

    it('answers unknown API paths with the JSON 404, whatever the method', async () => {
      for (const p of [
        '/api/v1/nope',
        '/api/v1/threats/no-such-slug',
        '/api/v1/threats/UPPER',
        '/api/v2',
        '/api/v2/threats',
        '/api/anything/else',
        '/api/404.json',
      ]) {
        await expectError(await request(p, { invalid: p.endsWith('UPPER') }), 404, 'not_found', [
          'GET',
          '/api/v1/threats/{slug}',
        ]);
      }
      await expectError(await request('/api/nope', { method: 'POST' }), 404, 'not_found');
      await expectError(await request('/api/v1/nope', { method: 'DELETE' }), 404, 'not_found');
    });

    it('answers every other spelling of a path with a 404 before anything else, never the resource', async () => {
      const slug = syntheticSlug('threats', 0);
      for (const p of [
        '/API/V1/threats',
        `/api/v1/threats/${slug.toUpperCase()}`,
        '/api/v1/threat%73',
        '//api/v1/threats',
        '/api/v1//threats',
      ]) {
        const res = await raw(p);
        expect(res.status, p).toBe(404);
        expect(res.headers['content-type'], p).toBe('application/json; charset=utf-8');
        expect(JSON.parse(res.body.toString()).code, p).toBe('not_found');
      }
      for (const p of [
        '//_data/service.json',
        '/_data/service.json',
        '/_redirects',
        '/_headers',
        '//threats',
        '/Threats/',
      ]) {
        const res = await raw(p);
        expect(res.status, p).toBe(404);
        expect(res.headers.location, p).toBeUndefined();
        expect(res.body.toString(), p).not.toMatch(/"baseUrl"|api\/v1\.json {2}200/);
      }
    });

    it('lets browsers read the rate-limit headers of search and error answers, and never caches a 404', async () => {
      for (const p of ['/api/v1/search?q=record', '/api/v1/search', '/api/v1/nope', '/api/nope']) {
        const res = await request(p, { invalid: p === '/api/v1/search' });
        expect(res.headers.get('access-control-expose-headers'), p).toContain(
          'RateLimit-Remaining',
        );
        expect(res.headers.get('access-control-expose-headers'), p).toContain('Retry-After');
        if (res.status >= 400) expect(res.headers.get('cache-control'), p).toBe('no-store');
      }
    });

    it('answers other methods on read paths with 405 and Allow', async () => {
      const slug = syntheticSlug('threats', 0);
      for (const [method, p] of [
        ['POST', '/api/v1'],
        ['PUT', '/api/v1/threats'],
        ['DELETE', `/api/v1/threats/${slug}`],
        ['POST', '/api/v1/search'],
        ['PATCH', '/api/v1/pricing'],
        ['PUT', paths.apiManifest],
      ] as const) {
        const res = await request(p, { method });
        expect(res.headers.get('allow')).toBe('GET, HEAD');
        await expectError(res, 405, 'method_not_allowed');
      }
      const contact = await request('/api/contact');
      expect(contact.headers.get('allow')).toBe('POST');
      await expectError(contact, 405, 'method_not_allowed');
    });
  });

  describe('pages', () => {
    it('serves pages with the security headers, and their Markdown twins by Accept', async () => {
      const home = await request('/');
      expect(home.status).toBe(200);
      expect(home.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(home.headers.get('x-content-type-options')).toBe('nosniff');
      const page = `/threats/${syntheticSlug('threats', 1)}/`;
      const html = await request(page, { headers: { Accept: 'text/html' } });
      expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(html.headers.get('vary')).toContain('Accept');
      expect(await html.text()).toBe(await file(`${page.slice(1)}index.html`));
      for (const accept of ['text/markdown', 'text/markdown, text/html;q=0.9']) {
        const md = await request(page, { headers: { Accept: accept } });
        expect(md.status).toBe(200);
        expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
        expect(md.headers.get('vary')).toContain('Accept');
        expect(await md.text()).toBe(await file(`${page.slice(1)}index.html.md`));
      }
      expect((await request('/no/such/page/')).status).toBe(404);
    });

    it('serves llms.txt and llms-full.txt as plain text', async () => {
      for (const name of ['llms.txt', 'llms-full.txt']) {
        const res = await request(`/${name}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
        expect(await res.text()).toBe(await file(name));
      }
    });

    it("renders a search on the server: results in the site's page, the query escaped; without a query, the static page", async () => {
      const res = await request('/search/?q=threats%20record%201');
      expect(res.status, host.output().slice(-2000)).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('x-request-id')).toBeTruthy();
      const html = await res.text();
      expect(html).toContain(`<li><a href="/threats/${syntheticSlug('threats', 1)}/">`);
      expect(html).toContain('value="threats record 1"');
      const hostile = await (
        await request('/search/?q=%22%3E%3Cimg%20src%3Dx%3E%3Cscript%3E')
      ).text();
      expect(hostile).not.toMatch(/<img|<script>/);
      expect(hostile).toContain('value="&quot;&gt;&lt;img src=x&gt;&lt;script&gt;"');
      for (const p of ['/search/', '/search/?q='])
        expect(await (await request(p)).text(), p).toBe(await file('search/index.html'));
      const long = await request(`/search/?q=${'x'.repeat(513)}`);
      expect(long.status).toBe(400);
      expect(long.headers.get('cache-control')).toBe('no-store');
    });

    it('serves the machine-readable files the OpenAPI document names, as built', async () => {
      for (const p of [
        paths.sitemap,
        paths.feed,
        ...COLLECTION_KEYS.map((key) => twinPath(paths.recordPage(key, syntheticSlug(key, 1)))),
      ]) {
        const res = await request(p);
        expect(res.status, p).toBe(200);
        expect(await res.text(), p).toBe(await file(p.slice(1)));
      }
    });

    it('never serves the functions data', async () => {
      expect((await request('/_data/service.json')).status).toBe(404);
    });
  });

  describe('contact and sign-ups', () => {
    const post = (endpoint: string, body: unknown, client = newClient(), invalid = false) =>
      request(endpoint, {
        method: 'POST',
        client,
        invalid,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('delivers a contact message to the team and an acknowledgement to the sender', async () => {
      const before = smtp.received.length;
      const res = await post('/api/contact', {
        name: 'Ada Host',
        email: 'ada.host@example.com',
        message: 'Hello from the suite',
        inquiryType: 'sales',
      });
      expect(await json(res, 200, ['POST', '/api/contact'])).toMatchObject({ success: true });
      const mails = smtp.received.slice(before);
      expect(mails).toHaveLength(2);
      expect(mails.map((m) => m.to[0])).toContain('ada.host@example.com');
      expect(mails.some((m) => m.raw.includes('Hello from the suite'))).toBe(true);
    });

    it('registers sign-ups on every list', async () => {
      for (const endpoint of ['/api/newsletter', '/api/waitlist', '/api/sandbox-early-access']) {
        expect(
          await json(
            await post(endpoint, { email: 'grace.host@example.com', source: 'suite' }),
            200,
            ['POST', endpoint],
          ),
        ).toMatchObject({ success: true });
      }
    });

    it('refuses a missing field and a bad address with 400', async () => {
      await expectError(
        await post('/api/contact', { email: 'x@example.com' }, newClient(), true),
        400,
        'missing_field',
        ['POST', '/api/contact'],
      );
      await expectError(
        await post('/api/newsletter', { email: 'not an address' }, newClient(), true),
        400,
        'invalid_email',
        ['POST', '/api/newsletter'],
      );
    });

    it('holds the sender limit: 5 per 10 minutes, then 429 with Retry-After', async () => {
      const client = newClient();
      for (let i = 0; i < 5; i++)
        expect(
          (await post('/api/waitlist', { email: `limit${i}@example.com` }, client)).status,
        ).toBe(200);
      const refused = await post('/api/waitlist', { email: 'limit5@example.com' }, client);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      await expectError(refused, 429, 'rate_limited', ['POST', '/api/waitlist']);
      expect((await post('/api/waitlist', { email: 'other@example.com' })).status).toBe(200);
    });
  });

  describe("the site's forms without JavaScript", () => {
    const form = (
      endpoint: string,
      fields: Record<string, string>,
      headers: Record<string, string> = {},
      client = newClient(),
      invalid = false,
    ) =>
      request(endpoint, {
        method: 'POST',
        client,
        invalid,
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Sec-Fetch-Site': 'same-origin',
          ...headers,
        },
        body: new URLSearchParams(fields).toString(),
      });
    async function page(res: Response, status: number): Promise<string> {
      expect(res.status, host.output().slice(-2000)).toBe(status);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('cache-control')).toBe('no-store');
      return res.text();
    }

    it('sends an accepted form on to its thank-you page (303 See Other)', async () => {
      const accepted = await form('/api/newsletter', {
        email: 'form.host@example.com',
        website: '',
        source: 'contact-page',
      });
      expect(accepted.status).toBe(303);
      expect(accepted.headers.get('location')).toBe('/contact/thanks/newsletter/');
      const thanks = await request('/contact/thanks/newsletter/');
      expect(thanks.status).toBe(200);
      expect(await thanks.text()).toContain('<h1 id="you-are-subscribed">You are subscribed</h1>');
    });

    it('shows a refused form again, with the error next to its field and what was typed', async () => {
      const html = await page(
        await form(
          '/api/contact',
          { name: 'Ada <Host>', email: 'ada@localhost', message: 'Kept' },
          {},
          newClient(),
          true,
        ),
        400,
      );
      expect(html).toMatch(
        /<input id="contact-email" [^>]*aria-invalid="true" aria-describedby="contact-email-error"[^>]* value="ada@localhost">/,
      );
      expect(html).toContain('value="Ada &lt;Host&gt;"');
      expect(html).toContain('>\nKept</textarea>');
    });

    it('refuses a form posted from another site with 403', async () => {
      expect(
        await page(
          await form(
            '/api/waitlist',
            { email: 'victim@example.com' },
            { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
          ),
          403,
        ),
      ).toContain('This form came from another website');
    });

    it('says when to send again after the sender limit (429 with Retry-After)', async () => {
      const client = newClient();
      for (let i = 0; i < 5; i++)
        expect(
          (await form('/api/waitlist', { email: `form.limit${i}@example.com` }, {}, client)).status,
        ).toBe(303);
      const refused = await form('/api/waitlist', { email: 'form.limit5@example.com' }, {}, client);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await page(refused, 429)).toMatch(
        /Please wait (about \d+ minutes?|\d+ seconds?) \(until \d\d:\d\d UTC\)/,
      );
    });
  });

  describe('instances and keys', () => {
    async function issue(): Promise<string> {
      const out = await host.cli('keys', [
        'issue',
        '--org',
        ORG,
        '--replace',
        '--store',
        traits.keyStore,
      ]);
      return out.trimEnd().split('\n').at(-1)!;
    }
    const call = (method: string, p: string, key: string, body?: unknown) =>
      request(p, {
        method,
        headers: {
          Authorization: `Bearer ${key}`,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    const INSTANCES = `/orgs/${ORG}/api/instances`;

    it("builds Location and access_url from the site's address (with no SITE_BASE_URL, the server's own), whatever Host names, and never lets an answer be stored", async () => {
      const key = await issue();
      const res = await send(origin, INSTANCES, {
        method: 'POST',
        headers: {
          host: 'evil.example',
          'x-forwarded-for': newClient(),
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ image: 'debian-12-chromium', size: 'small' }),
      });
      judge?.('POST', INSTANCES, violationsOf(new Headers(res.headers)));
      expect(res.status).toBe(201);
      const instance = JSON.parse(res.body.toString()) as {
        instance_uuid: string;
        access_url: string;
      };
      expect(res.headers.location).toBe(`${host.url}${INSTANCES}/${instance.instance_uuid}`);
      expect(instance.access_url).toBe(`${host.url}/sandbox/${instance.instance_uuid}/`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await call('GET', INSTANCES, key)).headers.get('cache-control')).toBe('no-store');
      expect((await call('DELETE', `${INSTANCES}/${instance.instance_uuid}`, key)).status).toBe(
        204,
      );
    });

    it('runs an instance lifecycle with a key the keys CLI issued', async () => {
      const key = await issue();
      expect(key).toMatch(/^sk_/);
      const created = await call('POST', INSTANCES, key, {
        image: 'debian-12-chromium',
        size: 'small',
      });
      const instance = await json(created, 201, ['POST', '/orgs/{org_uuid}/api/instances']);
      expect(created.headers.get('location')).toContain(`${INSTANCES}/${instance.instance_uuid}`);
      expect(instance.status).toBe('running');
      expect((await request(new URL(String(instance.access_url)).pathname)).status).toBe(200);
      const list = await json(await call('GET', INSTANCES, key), 200, [
        'GET',
        '/orgs/{org_uuid}/api/instances',
      ]);
      expect(list.total).toBe(1);
      expect((await call('DELETE', `${INSTANCES}/${instance.instance_uuid}`, key)).status).toBe(
        204,
      );
      expect((await call('DELETE', `${INSTANCES}/${instance.instance_uuid}`, key)).status).toBe(
        404,
      );
      await expectError(await request(INSTANCES, { invalid: true }), 401, 'unauthorized');
    });

    it.runIf(traits.requestsPerClient)(
      `answers 32 concurrent clients x ${traits.requestsPerClient} reads with one key, none of them 5xx`,
      async () => {
        const key = await issue();
        const statuses = await Promise.all(
          Array.from({ length: 32 }, async () => {
            const mine: number[] = [];
            for (let i = 0; i < traits.requestsPerClient!; i++) {
              const res = await call('GET', INSTANCES, key);
              await res.arrayBuffer();
              mine.push(res.status);
            }
            return mine;
          }),
        );
        expect(new Set(statuses.flat()), host.output().slice(-2000)).toEqual(new Set([200]));
      },
    );

    it('rotates the key: the new one works, the old one is refused', async () => {
      const old = await issue();
      expect(
        await json(await call('GET', `/orgs/${ORG}/api/key`, old), 200, [
          'GET',
          '/orgs/{org_uuid}/api/key',
        ]),
      ).toMatchObject({ scopes: ['instances:read', 'instances:write'] });
      const rotated = await json(await call('POST', `/orgs/${ORG}/api/key/rotate`, old), 200, [
        'POST',
        '/orgs/{org_uuid}/api/key/rotate',
      ]);
      expect((await call('GET', INSTANCES, String(rotated.key))).status).toBe(200);
      await expectError(await call('GET', INSTANCES, old), 401, 'unauthorized');
    });
  });
}
