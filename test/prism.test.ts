import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentClient } from '../client/index.js';
import { COLLECTION_KEYS } from '../core/collections.ts';
import { issueKey } from '../runtime/keys/api-keys.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import type { Listening } from '../server/listen.ts';
import { prepareSite } from './support/host-process.ts';
import { startServer } from './support/http-server.ts';
import {
  type PrismProxy,
  startPrismProxy,
  type Violation,
  violationsOf,
} from './support/prism-proxy.ts';
import { syntheticSlug } from './support/synthetic-corpus.ts';

/**
 * Stoplight Prism as a validating proxy in front of npm start's server: every answer we
 * send, for every operation of the OpenAPI document, must pass Prism's checks of the
 * request and the response (it reports them in `sl-violations`); the requests made wrong
 * on purpose must be flagged, and only as request violations.
 */
const ORG = '7d1f5c1e-6a0b-4c43-9a51-2b7f0e4d9c10';

let server: Listening;
let prism: PrismProxy;
let proxy: string;
let key: string;
let senders = 0;

beforeAll(async () => {
  const site = await prepareSite(3);
  const store = createFileStore(path.join(site.dataDir, 'store'));
  key = (
    await issueKey(store, {
      org: ORG,
      name: 'prism',
      scopes: ['instances:read', 'instances:write'],
    })
  ).secret;
  server = await startServer({ distDir: site.distDir, dataDir: site.dataDir, trustProxy: true });

  prism = await startPrismProxy(path.join(site.distDir, 'api/v1/openapi.json'), server.url);
  proxy = prism.url;
}, 60_000);
afterAll(async () => {
  await prism?.close();
  await server?.close();
});

/** Sends one request through Prism, as a new sender unless one is named; its answer and what Prism found wrong. */
async function through(
  target: string,
  init: RequestInit = {},
  sender = `198.51.100.${++senders}`,
): Promise<{ status: number; violations: Violation[]; text: string }> {
  const headers = new Headers(init.headers);
  headers.set('X-Forwarded-For', sender);
  const response = await fetch(proxy + target, { ...init, headers, redirect: 'manual' });
  const text = await response.text();
  return { status: response.status, violations: violationsOf(response.headers), text };
}

const form = (body: Record<string, string>, origin = proxy) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
  body: new URLSearchParams(body).toString(),
});
const jsonPost = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

describe('Prism in front of npm start', () => {
  it('finds nothing wrong with any read, the machine-readable files included', async () => {
    const targets = [
      '/api/v1',
      '/api/v1/openapi.json',
      '/api/v1/pricing',
      '/api/v1/search?q=record&limit=5',
      '/api/v1/threats/no-such-threat',
      '/llms.txt',
      '/llms-full.txt',
      '/sitemap.xml',
      '/posts/feed.xml',
      ...COLLECTION_KEYS.flatMap((key) => [
        `/api/v1/${key}`,
        `/api/v1/${key}?limit=1&offset=1`,
        `/api/v1/${key}/${syntheticSlug(key, 1)}`,
        `/${key}/${syntheticSlug(key, 1)}/index.html.md`,
      ]),
    ];
    for (const target of targets) {
      const { status, violations } = await through(target);
      expect({ target, status, violations }).toMatchObject({ violations: [] });
    }
  });

  it('finds nothing wrong with what the client reads through it', async () => {
    const found: string[] = [];
    const api = createContentClient({
      baseUrl: proxy,
      headers: { 'X-Forwarded-For': '203.0.113.1' },
      fetch: async (request) => {
        const response = await fetch(request);
        const violations = response.headers.get('sl-violations');
        if (violations) found.push(`${request.url}: ${violations}`);
        return response;
      },
    });
    for (const collection of COLLECTION_KEYS)
      for await (const summary of api.records(collection, { pageSize: 2 }))
        await api.get(collection, summary.slug);
    for await (const result of api.searchResults('record')) expect(result.collection).toBeTruthy();
    await api.pricing();
    expect(found).toEqual([]);
  });

  it('finds nothing wrong with the form posts and their answers, JSON or HTML', async () => {
    const cases: [string, RequestInit, number][] = [
      ['/api/contact', jsonPost({ name: 'Ada', email: 'ada@example.com', message: 'Hello' }), 200],
      ['/api/newsletter', jsonPost({ email: 'ada@example.com' }), 200],
      ['/api/waitlist', jsonPost({ email: 'ada@example.com' }), 200],
      ['/api/sandbox-early-access', jsonPost({ email: 'ada@example.com' }), 200],
      ['/api/newsletter', form({ email: 'ada@example.com' }, 'https://elsewhere.example'), 403],
    ];
    for (const [target, init, expected] of cases) {
      const { status, violations } = await through(target, init);
      expect({ target, status, violations }).toEqual({ target, status: expected, violations: [] });
    }
    let last = { status: 0, violations: [] as Violation[] };
    for (let i = 0; i < 6; i++) {
      const { status, violations } = await through(
        '/api/waitlist',
        jsonPost({ email: `ada${i}@example.com` }),
        '203.0.113.2',
      );
      last = { status, violations };
    }
    expect(last).toEqual({ status: 429, violations: [] });
  });

  it('flags the requests made wrong on purpose, as request violations only', async () => {
    const cases: [string, RequestInit, number][] = [
      ['/api/v1/search', {}, 400],
      ['/api/newsletter', jsonPost({ email: 'not-an-address' }), 400],
      ['/api/newsletter', form({ email: 'not-an-address' }), 400],
      ['/api/contact', jsonPost({ email: 'ada@example.com' }), 400],
      [`/orgs/${ORG}/api/instances`, {}, 401],
    ];
    for (const [target, init, expected] of cases) {
      const { status, violations } = await through(target, init);
      expect({ target, status }).toEqual({ target, status: expected });
      expect(violations.length, target).toBeGreaterThan(0);
      expect(
        violations.map((v) => v.location[0]),
        target,
      ).toEqual(violations.map(() => 'request'));
    }
  });

  it('finds nothing wrong with the instance and key API', async () => {
    const auth = (init: RequestInit = {}) => ({
      ...init,
      headers: { Authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
    });
    const checks: { target: string; status: number; violations: Violation[] }[] = [];
    const check = async (target: string, init?: RequestInit) => {
      const answer = await through(target, auth(init));
      checks.push({ target, status: answer.status, violations: answer.violations });
      return answer;
    };
    await check(`/orgs/${ORG}/api/instances`);
    const created = await check(
      `/orgs/${ORG}/api/instances`,
      jsonPost({ image: 'ubuntu-24.04-chromium', size: 'small' }),
    );
    const { instance_uuid } = JSON.parse(created.text) as { instance_uuid: string };
    await check(`/orgs/${ORG}/api/instances/${instance_uuid}`, { method: 'DELETE' });
    await check(`/orgs/${ORG}/api/key`);
    await check(`/orgs/${ORG}/api/key/rotate`, { method: 'POST' });
    expect(checks.filter((c) => c.violations.length)).toEqual([]);
    expect(checks.map((c) => c.status)).toEqual([200, 201, 204, 200, 200]);
  });

  it('finds nothing wrong with an accepted form post: the 303 to its thank-you page', async () => {
    for (const list of ['newsletter', 'waitlist', 'sandbox-early-access']) {
      const request = form({ email: 'grace@example.com' });
      const post = await fetch(`${proxy}/api/${list}`, {
        ...request,
        headers: { ...request.headers, 'X-Forwarded-For': '203.0.113.3' },
        redirect: 'manual',
      });
      expect({
        list,
        status: post.status,
        location: post.headers.get('Location'),
        violations: violationsOf(post.headers),
      }).toEqual({ list, status: 303, location: `/contact/thanks/${list}/`, violations: [] });
    }
  });
});
