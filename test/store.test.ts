import { readdir } from 'node:fs/promises';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../runtime/store/blob-store.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import { storeKey, storePrefix, update, type Store } from '../runtime/store/store.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/** One contract, both implementations: the file store and Netlify Blobs (Netlify's own local Blobs server). */
let blobServer: BlobsServer;
let blobPort: number;
const token = 'test-token';

beforeAll(async () => {
  blobServer = new BlobsServer({ directory: await temporaryDirectory('blobs-'), token, port: 0 });
  ({ port: blobPort } = await blobServer.start());
});
afterAll(() => blobServer.stop());

/**
 * Netlify's local Blobs server derives etags from file modification times (millisecond
 * resolution) and checks conditions without serializing writers, unlike the production
 * service. Against it, writes are spaced past a millisecond and the many-writers test runs
 * only on the file store.
 */
const implementations: [string, () => Promise<Store>, { atomicConditions: boolean }][] = [
  [
    'file store',
    async () => createFileStore(await temporaryDirectory('store-')),
    { atomicConditions: true },
  ],
  [
    'Netlify Blobs',
    async () =>
      createBlobStore(`test-${Math.random().toString(36).slice(2)}`, {
        siteID: 'site',
        token,
        edgeURL: `http://127.0.0.1:${blobPort}`,
      }),
    { atomicConditions: false },
  ],
];

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe.each(implementations)('%s', (_name, make, { atomicConditions }) => {
  it('stores, reads, lists and deletes JSON values', async () => {
    const store = await make();
    expect(await store.get('a/b')).toBeUndefined();
    await store.put('submissions/contact/2', { n: 2 });
    await store.put('submissions/contact/1', { n: 1 });
    await store.put('other/x', { n: 3 });
    expect((await store.get<{ n: number }>('submissions/contact/1'))?.value).toEqual({ n: 1 });
    expect(await store.list('submissions/')).toEqual([
      'submissions/contact/1',
      'submissions/contact/2',
    ]);
    await store.delete('submissions/contact/1');
    expect(await store.list('submissions/')).toEqual(['submissions/contact/2']);
  });

  it('writes conditionally: only if absent, only if unchanged', async () => {
    const store = await make();
    expect(await store.put('k', 1, { kind: 'if-absent' })).toBeDefined();
    expect(await store.put('k', 2, { kind: 'if-absent' })).toBeUndefined();
    const current = await store.get<number>('k');
    expect(current?.value).toBe(1);
    await tick();
    expect(
      await store.put('k', 3, { kind: 'if-version', version: current!.version }),
    ).toBeDefined();
    expect(
      await store.put('k', 4, { kind: 'if-version', version: current!.version }),
    ).toBeUndefined();
    expect((await store.get('k'))?.value).toBe(3);
  });

  it.runIf(atomicConditions)(
    'loses no update when many writers change one key at once',
    async () => {
      const store = await make();
      await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          update<number[]>(store, 'counter', (list = []) => [...list, i]),
        ),
      );
      expect((await store.get<number[]>('counter'))!.value.sort((a, b) => a - b)).toEqual(
        Array.from({ length: 25 }, (_, i) => i),
      );
    },
  );

  it('refuses keys that could escape the store', async () => {
    const store = await make();
    await expect(store.put('../escape', 1)).rejects.toThrow(/Invalid store key/);
    await expect(store.get('a/../../b')).rejects.toThrow(/Invalid store key/);
  });

  it('refuses list prefixes that could escape the store or mean different things on each store', async () => {
    const store = await make();
    await store.put('orgs/a/x', 1);
    await store.put('orgs/ab/y', 2);
    for (const prefix of ['../', '..', '/', 'orgs/../', 'orgs/a'])
      await expect(store.list(prefix), prefix).rejects.toThrow(/Invalid store/);
    expect(await store.list('orgs/a/')).toEqual(['orgs/a/x']);
    expect(await store.list('')).toEqual(['orgs/a/x', 'orgs/ab/y']);
  });

  it('refuses capitals in keys, so no two keys share a file on a case-insensitive file system', async () => {
    const store = await make();
    await expect(store.put('Orgs/a', 1)).rejects.toThrow(/Invalid store key/);
    await expect(store.get('orgs/A')).rejects.toThrow(/Invalid store key/);
  });

  it('reads whole values while the same key is being replaced', async () => {
    const store = await make();
    await store.put('hot', { n: -1, padding: 'x'.repeat(20_000) });
    const writes = Array.from({ length: 30 }, (_, n) =>
      store.put('hot', { n, padding: 'x'.repeat(20_000) }),
    );
    const reads = Array.from({ length: 60 }, () =>
      store.get<{ n: number; padding: string }>('hot'),
    );
    const [, seen] = await Promise.all([Promise.all(writes), Promise.all(reads)]);
    for (const found of seen) expect(found!.value.padding).toHaveLength(20_000);
  });
});

describe('store keys', () => {
  it('builds keys from segments and refuses any part that is not exactly one safe segment', () => {
    expect(storeKey('orgs', '7d1f5c1e-6a0b-4c43-9a51-2b7f0e4d9c10', 'key')).toBe(
      'orgs/7d1f5c1e-6a0b-4c43-9a51-2b7f0e4d9c10/key',
    );
    expect(storePrefix('orgs', 'a', 'instances')).toBe('orgs/a/instances/');
    for (const bad of ['a/b', '..', '.', '', 'A', 'a%2fb', 'a\\b', 'é', ' a', 'a\n']) {
      expect(() => storeKey('orgs', bad, 'key'), JSON.stringify(bad)).toThrow(/Invalid store key/);
    }
  });
});

describe('file store atomicity', () => {
  it('leaves no temporary or lock files behind and keeps whole files only', async () => {
    const dir = await temporaryDirectory('store-');
    const store = createFileStore(dir);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => store.put('same', { i, padding: 'x'.repeat(10_000) })),
    );
    await update<number>(store, 'n', (n = 0) => n + 1);
    const files = await readdir(dir);
    expect(files.sort()).toEqual(['n.json', 'same.json']);
    const value = (await store.get<{ i: number; padding: string }>('same'))!.value;
    expect(value.padding).toHaveLength(10_000);
  });
});
