import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticate,
  inspection,
  issueKey,
  LAST_USED_RESOLUTION_MS,
  rotateKey,
} from '../runtime/keys/api-keys.ts';
import { createBlobStore } from '../runtime/store/blob-store.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import type { Store } from '../runtime/store/store.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/** Keys on both stores: the file store and Netlify Blobs (Netlify's own local Blobs server). */
const ORG = '7d1f5c1e-6a0b-4c43-9a51-2b7f0e4d9c10';
const SCOPES = ['instances:read', 'instances:write'] as const;
let blobServer: BlobsServer;
let blobPort: number;

beforeAll(async () => {
  blobServer = new BlobsServer({
    directory: await temporaryDirectory('blobs-'),
    token: 'token',
    port: 0,
  });
  ({ port: blobPort } = await blobServer.start());
});
afterAll(() => blobServer.stop());

const stores: [string, () => Promise<Store>][] = [
  [
    'file store',
    async () => createFileStore(path.join(await temporaryDirectory('keys-'), 'store')),
  ],
  [
    'Netlify Blobs',
    async () =>
      createBlobStore(`keys-${Math.random().toString(36).slice(2)}`, {
        siteID: 'site',
        token: 'token',
        edgeURL: `http://127.0.0.1:${blobPort}`,
      }),
  ],
];

/** The store, with a count of the writes that reach it. */
function countingWrites(store: Store): { store: Store; writes: string[] } {
  const writes: string[] = [];
  return {
    writes,
    store: {
      ...store,
      put: (key, value, condition) => {
        writes.push(key);
        return store.put(key, value, condition);
      },
    },
  };
}

describe.each(stores)('%s', (_name, make) => {
  it(`records a use at most once per key in ${LAST_USED_RESOLUTION_MS / 1000} s, and inspection shows the recorded time`, async () => {
    const base = await make();
    const t0 = Date.parse('2025-03-01T10:00:00.000Z');
    const { secret } = await issueKey(base, { org: ORG, name: 'ci', scopes: [...SCOPES], now: t0 });
    const { store, writes } = countingWrites(base);

    const first = await authenticate(store, ORG, secret, t0 + 1000);
    expect(first.ok && inspection(first.key).last_used_at).toBe('2025-03-01T10:00:01.000Z');
    for (let i = 0; i < 20; i++)
      expect((await authenticate(store, ORG, secret, t0 + 1000 + i * 2900)).ok).toBe(true);
    expect(writes).toHaveLength(1);

    const later = await authenticate(store, ORG, secret, t0 + 1000 + LAST_USED_RESOLUTION_MS);
    expect(later.ok && later.key.last_used_at).toBe('2025-03-01T10:01:01.000Z');
    expect(writes).toHaveLength(2);
    expect(writes.every((key) => key.startsWith('keys/'))).toBe(true);
  });
});

describe('keys stored before organization ids had to be UUIDs', () => {
  it('refuses such a key as invalid instead of failing', async () => {
    const store = createFileStore(path.join(await temporaryDirectory('keys-'), 'store'));
    const { secret, key } = await issueKey(store, { org: ORG, name: 'old', scopes: [...SCOPES] });
    await store.put(`keys/${key.key_id}`, { org: 'acme' });
    expect(await authenticate(store, ORG, secret)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('rotation under concurrency (file store: the local Blobs server does not serialize conditional writes)', () => {
  it('lets exactly one of 16 concurrent rotations win while the key is in use, and only the winner works after', async () => {
    const store = createFileStore(path.join(await temporaryDirectory('keys-'), 'store'));
    const { secret: old } = await issueKey(store, { org: ORG, name: 'ci', scopes: [...SCOPES] });
    const presented = await authenticate(store, ORG, old);
    if (!presented.ok) throw new Error('the fresh key does not authenticate');
    const uses = Array.from({ length: 32 }, () =>
      authenticate(store, ORG, old, Date.now() + LAST_USED_RESOLUTION_MS),
    );
    const rotations = await Promise.all(
      Array.from({ length: 16 }, () => rotateKey(store, ORG, presented.key)),
    );
    await Promise.all(uses);
    const winners = rotations.filter((r) => r !== undefined);
    expect(winners).toHaveLength(1);
    expect(await authenticate(store, ORG, old)).toEqual({ ok: false, reason: 'invalid' });
    expect((await authenticate(store, ORG, winners[0]!.secret)).ok).toBe(true);
    expect(await store.list('keys/')).toEqual([`keys/${winners[0]!.key.key_id}`]);
  });
});
