import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../generator/build.ts';
import { issueKey } from '../runtime/keys/api-keys.ts';
import { createBlobStore, SERVICE_STORE_NAME } from '../runtime/store/blob-store.ts';
import { startSmtpSink } from './support/smtp-sink.ts';
import { writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/**
 * The Netlify entry points themselves, loaded as Netlify would load them: data from
 * SERVICE_DATA_DIR, Netlify Blobs through its environment context (Netlify's own local
 * Blobs server here) and a real SMTP server, called with a stand-in for Context.
 */
type Handler = (request: Request, context: { ip: string; requestId?: string }) => Promise<Response>;
let blobs: BlobsServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let connection: { siteID: string; token: string; edgeURL: string };
const saved = { ...process.env };

beforeAll(async () => {
  const root = await temporaryDirectory('netlify-fn-');
  await writeSyntheticCorpus(path.join(root, 'content'), 2);
  await build({ contentDir: path.join(root, 'content'), outDir: path.join(root, 'dist') });
  blobs = new BlobsServer({ directory: path.join(root, 'blobs'), token: 'token', port: 0 });
  const { port } = await blobs.start();
  connection = { siteID: 'site', token: 'token', edgeURL: `http://127.0.0.1:${port}` };
  setEnvironmentContext({ ...connection, uncachedEdgeURL: connection.edgeURL });
  smtp = await startSmtpSink();
  process.env.SERVICE_DATA_DIR = path.join(root, 'dist', '_data');
  process.env.SMTP_URL = smtp.url;
});

afterAll(async () => {
  process.env = saved;
  await smtp.close();
  await blobs.stop();
});

type FunctionModule = {
  default: Handler;
  config: { path?: string[]; method?: string[]; schedule?: string };
};
const load = async (name: string) => (await import(`../functions/${name}.mts`)) as FunctionModule;
/** A new instance of a function, as Netlify starts one: its module evaluated afresh, with its own state. */
async function freshInstance(name: string): Promise<FunctionModule> {
  vi.resetModules();
  return load(name);
}
const context = { ip: '203.0.113.5' };

describe('Netlify functions', () => {
  it('read-api answers search and list pages on the list and search paths', async () => {
    const fn = await load('read-api');
    expect(fn.config.path).toContain('/api/v1/search');
    expect(fn.config.path).toContain('/api/v1/threats');
    const page = await fn.default(
      new Request('https://site.example/api/v1/threats?limit=1&offset=1'),
      context,
    );
    expect(await page.json()).toMatchObject({
      collection: 'threats',
      limit: 1,
      offset: 1,
      total: 2,
    });
    const search = await fn.default(
      new Request('https://site.example/api/v1/search?q=record'),
      context,
    );
    expect(((await search.json()) as { total: number }).total).toBe(12);
  });

  it('search-page answers /search/?q= with the results page, and without a query with the static page', async () => {
    const fn = await load('search-page');
    expect(fn.config.path).toEqual(['/search']);
    const results = await fn.default(
      new Request('https://site.example/search/?q=threats%20record%201'),
      context,
    );
    expect(results.status).toBe(200);
    expect(results.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(results.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(results.headers.get('netlify-vary')).toBe('query=q');
    const html = await results.text();
    expect(html).toContain('<a href="/threats/threats-record-1/">');
    expect(html).toContain('value="threats record 1"');
    const plain = await fn.default(new Request('https://site.example/search/'), context);
    expect(await plain.text()).toBe(
      await readFile(
        path.join(process.env.SERVICE_DATA_DIR!, '..', 'search', 'index.html'),
        'utf8',
      ),
    );
    const long = await fn.default(
      new Request(`https://site.example/search/?q=${'x'.repeat(513)}`),
      context,
    );
    expect(long.status).toBe(400);
    expect(long.headers.get('cache-control')).toBe('no-store');
  });

  it('read-api-methods answers other methods on every read path with 405', async () => {
    const fn = await load('read-api-methods');
    const res = await fn.default(
      new Request('https://site.example/api/v1/threats/x', { method: 'DELETE' }),
      context,
    );
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('submissions stores in Netlify Blobs and delivers over SMTP; outbox-retry finds nothing left', async () => {
    const fn = await load('submissions');
    const before = smtp.received.length;
    const res = await fn.default(
      new Request('https://site.example/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Net Lify',
          email: 'net@example.com',
          message: 'From the function',
        }),
      }),
      context,
    );
    expect(res.status).toBe(200);
    expect(smtp.received.length - before).toBe(2);
    const store = createBlobStore(SERVICE_STORE_NAME, connection);
    expect(await store.list('contact/')).toHaveLength(1);
    const retry = await load('outbox-retry');
    expect(retry.config.schedule).toBeTruthy();
    expect((await retry.default(new Request('https://site.example/'), context)).status).toBe(200);
    expect(smtp.received.length - before).toBe(2);
  });

  it('submissions answers a form post from the contact page it reads from dist/_data: 303 when accepted, the form again when not', async () => {
    const fn = await load('submissions');
    const form = (body: string) =>
      fn.default(
        new Request('https://site.example/api/waitlist', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'Sec-Fetch-Site': 'same-origin',
          },
          body,
        }),
        { ip: '203.0.113.66' },
      );
    const accepted = await form('email=form%40example.com&website=&source=contact-page');
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe('/contact/thanks/waitlist/');
    const store = createBlobStore(SERVICE_STORE_NAME, connection);
    expect((await store.list('signups/waitlist/')).length).toBeGreaterThan(0);
    const refused = await form('email=form%40localhost&website=');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await refused.text();
    expect(html).toMatch(
      /<input id="waitlist-email" name="email" autocomplete="email" required aria-invalid="true" aria-describedby="waitlist-email-error"[^>]* value="form@localhost">/,
    );
    expect(html).toContain('<a href="#waitlist-email">');
  });

  it('submissions holds the sender limit across two instances of the function on one Blobs store', async () => {
    const one = await freshInstance('submissions');
    const two = await freshInstance('submissions');
    expect(one.default).not.toBe(two.default);
    const signup = (fn: typeof one, i: number) =>
      fn.default(
        new Request('https://site.example/api/newsletter', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: `cross${i}@example.com` }),
        }),
        { ip: '203.0.113.77' },
      );
    for (let i = 0; i < 5; i++) expect((await signup(i % 2 ? two : one, i)).status).toBe(200);
    const refused = await signup(two, 5);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await signup(one, 6)).status).toBe(429);
  });

  it('submissions refuses bodies over 32 KiB with 413 every time, unread when declared, without spending the sender limit', async () => {
    const fn = await load('submissions');
    const ip = { ip: '203.0.113.88' };
    for (let i = 0; i < 8; i++) {
      let pulled = 0;
      const declared = new ReadableStream({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(65_536));
        },
      });
      const headers = {
        'Content-Type': 'application/json',
        'Content-Length': String(2 * 1024 * 1024),
      };
      const refused = await fn.default(
        new Request('https://site.example/api/contact', {
          method: 'POST',
          headers,
          body: declared,
          duplex: 'half',
        } as RequestInit),
        ip,
      );
      expect(refused.status).toBe(413);
      expect(pulled).toBeLessThanOrEqual(1);
      const chunked = new ReadableStream({
        pull(controller) {
          controller.enqueue(new Uint8Array(8192).fill(0x20));
        },
      });
      const cut = await fn.default(
        new Request('https://site.example/api/contact', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: chunked,
          duplex: 'half',
        } as RequestInit),
        ip,
      );
      expect(cut.status).toBe(413);
    }
    for (let i = 0; i < 5; i++) {
      const signup = new Request('https://site.example/api/waitlist', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `big${i}@example.com` }),
      });
      expect((await fn.default(signup, ip)).status).toBe(200);
    }
  });

  it('store-cleanup runs daily and removes only finished rate-limit windows', async () => {
    const cleanup = await load('store-cleanup');
    expect(cleanup.config.schedule).toBe('@daily');
    const store = createBlobStore(SERVICE_STORE_NAME, connection);
    const before = await store.list('rate-limits/');
    expect(before.length).toBeGreaterThan(0);
    expect((await cleanup.default(new Request('https://site.example/'), context)).status).toBe(200);
    expect(await store.list('rate-limits/')).toEqual(before);
  });

  const ORG = '0b7e2d1c-5f4a-4e3b-9c2d-1a0f9e8d7c6b';

  it('org-api serves the instance API with keys from Netlify Blobs', async () => {
    const { secret } = await issueKey(createBlobStore(SERVICE_STORE_NAME, connection), {
      org: ORG,
      name: 'fn',
      scopes: ['instances:read', 'instances:write'],
    });
    const fn = await load('org-api');
    const headers = { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' };
    const created = await fn.default(
      new Request(`https://site.example/orgs/${ORG}/api/instances`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ image: 'debian-12-chromium', size: 'large' }),
      }),
      context,
    );
    expect(created.status).toBe(201);
    const instance = (await created.json()) as { access_url: string };
    const page = await fn.default(new Request(instance.access_url), context);
    expect(page.status).toBe(200);
    const list = await fn.default(
      new Request(`https://site.example/orgs/${ORG}/api/instances`, { headers }),
      context,
    );
    expect(((await list.json()) as { total: number }).total).toBe(1);
  });

  it('org-api answers 32 concurrent clients x 20 reads with one key on Netlify Blobs, none of them 5xx', async () => {
    const org = '3c9a4f2e-8b1d-4a6c-b5e7-2f0d9c8b7a61';
    const { secret } = await issueKey(createBlobStore(SERVICE_STORE_NAME, connection), {
      org,
      name: 'load',
      scopes: ['instances:read'],
    });
    const fn = await load('org-api');
    const statuses = await Promise.all(
      Array.from({ length: 32 }, async () => {
        const mine: number[] = [];
        for (let i = 0; i < 20; i++) {
          const res = await fn
            .default(
              new Request(`https://site.example/orgs/${org}/api/instances`, {
                headers: { Authorization: `Bearer ${secret}` },
              }),
              context,
            )
            .catch(() => new Response(null, { status: 599 }));
          mine.push(res.status);
        }
        return mine;
      }),
    );
    expect(new Set(statuses.flat())).toEqual(new Set([200]));
  });
});

describe('the request guard of every function', () => {
  it("answers a failure with a JSON Error naming Netlify's request id, and logs one JSON line with it", async () => {
    // The whole build, copied: the instance made here answers the later tests' searches too,
    // from the static search index beside its data.
    const brokenDist = await temporaryDirectory('netlify-fn-broken-');
    await cp(path.dirname(process.env.SERVICE_DATA_DIR!), brokenDist, { recursive: true });
    const broken = path.join(brokenDist, '_data');
    await writeFile(path.join(broken, 'summaries', 'threats.json'), '{ not json');
    const lines: string[] = [];
    const spy = vi
      .spyOn(console, 'error')
      .mockImplementation((line: unknown) => void lines.push(String(line)));
    const saved = process.env.SERVICE_DATA_DIR;
    process.env.SERVICE_DATA_DIR = broken;
    try {
      const fn = await freshInstance('read-api');
      const res = await fn.default(new Request('https://site.example/api/v1/threats?limit=1'), {
        ...context,
        requestId: '01NETLIFYREQUEST',
      });
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('x-request-id')).toBe('01NETLIFYREQUEST');
      expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
      const body = (await res.json()) as { code: string; hint: string };
      expect(body.code).toBe('internal_error');
      expect(body.hint).toContain('01NETLIFYREQUEST');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        level: 'error',
        requestId: '01NETLIFYREQUEST',
        path: '/api/v1/threats',
      });
    } finally {
      process.env.SERVICE_DATA_DIR = saved;
      spy.mockRestore();
    }
  });

  it("gives each function's answers the headers of their kind", async () => {
    const notFound = await (await load('api-not-found')).default(
      new Request('https://site.example/api/nope'),
      context,
    );
    expect(notFound.headers.get('cache-control')).toBe('no-store');
    expect(notFound.headers.get('access-control-expose-headers')).toContain('RateLimit-Remaining');
    const search = await (await load('read-api')).default(
      new Request('https://site.example/api/v1/search?q=record'),
      context,
    );
    expect(search.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect(search.headers.get('netlify-vary')).toBe('query=limit|offset|q');
    const orgs = await (await load('org-api')).default(
      new Request('https://site.example/orgs/3f1c2a9e-8b7d-4c6e-9a5f-2d1e0b7c4a63/api/instances'),
      context,
    );
    expect(orgs.status).toBe(401);
    expect(orgs.headers.get('cache-control')).toBe('no-store');
    expect(orgs.headers.get('access-control-allow-origin')).toBeNull();
    for (const res of [notFound, search, orgs])
      expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('netlify.toml', () => {
  it('bundles the build data the functions read', async () => {
    const toml = await readFile(path.resolve(import.meta.dirname, '../netlify.toml'), 'utf8');
    expect(toml).toMatch(/included_files = \["dist\/_data\/\*\*"\]/);
    expect(toml).toMatch(/functions = "functions"/);
    expect(toml).toMatch(/edge_functions = "edge-functions"/);
  });
});
