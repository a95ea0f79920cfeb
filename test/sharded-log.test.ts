import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openShardedLog } from '../generator/cache/sharded-log.ts';
import { fileShard, folderShard, SITE_SHARD } from '../generator/write/dist-manifest.ts';
import { recordFiles } from '../generator/render/record-outputs.ts';
import { COLLECTION_KEYS } from '../core/collections.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/** Keys `k<shard>-<n>`, each in the shard its first letters name. */
const shardOf = (key: string) => key.slice(0, key.indexOf('-'));

describe('a sharded log', () => {
  it('reads a key from its shard alone, and every key from every shard', async () => {
    const dir = path.join(await temporaryDirectory('sharded-log-'), 'entries');
    const log = openShardedLog<number>(dir, { shardOf });
    for (let i = 0; i < 300; i++) log.set(`s${i % 3}-${i}`, i);
    log.save();
    expect((await readdir(dir)).sort()).toEqual(['s0.log', 's1.log', 's2.log', 'sizes.json']);

    // Two shards made unreadable: a key of the third, and its shard's keys, still read.
    for (const shard of ['s1', 's2']) await writeFile(path.join(dir, `${shard}.log`), 'damaged');
    const again = openShardedLog<number>(dir, { shardOf });
    expect(again.get('s0-3')).toBe(3);
    expect([...again.keysOf('s0')]).toHaveLength(100);
    again.set('s0-new', -1);
    again.delete('s0-0');
    again.save();
    expect(openShardedLog<number>(dir, { shardOf }).get('s0-new')).toBe(-1);
    expect(openShardedLog<number>(dir, { shardOf }).has('s0-0')).toBe(false);
    // Read whole, the damaged shards hold nothing.
    expect([...openShardedLog<number>(dir, { shardOf }).keys()]).toHaveLength(100);
  });

  it('counts its entries from the counts kept with them, reading a shard only when its file is not the length it was counted at', async () => {
    const dir = path.join(await temporaryDirectory('sharded-log-'), 'entries');
    const log = openShardedLog<string>(dir, { shardOf });
    for (let i = 0; i < 40; i++) log.set(`s${i % 4}-${i}`, 'value');
    log.save();
    // Unreadable, but of the same length: counted without a read.
    const s1 = path.join(dir, 's1.log');
    await writeFile(s1, 'x'.repeat((await stat(s1)).size));
    expect(openShardedLog(dir, { shardOf }).size).toBe(40);
    // Of another length (a process stopped between the shard's save and the counts'): read, and counted as it reads.
    await writeFile(s1, '["s1-a","value"],\n');
    expect(openShardedLog(dir, { shardOf }).size).toBe(31);
    // No counts at all: every shard is read.
    await writeFile(path.join(dir, 'sizes.json'), 'not json');
    expect(openShardedLog(dir, { shardOf }).size).toBe(31);
  });

  it('opened empty, holds nothing, and its first save removes the shards no key went to', async () => {
    const dir = path.join(await temporaryDirectory('sharded-log-'), 'entries');
    const log = openShardedLog<number>(dir, { shardOf });
    for (let i = 0; i < 30; i++) log.set(`s${i % 3}-${i}`, i);
    log.save();
    const empty = openShardedLog<number>(dir, { shardOf, empty: true });
    expect(empty.size).toBe(0);
    expect(empty.get('s1-1')).toBeUndefined();
    empty.set('s2-new', 1);
    empty.save();
    expect((await readdir(dir)).sort()).toEqual(['s2.log', 'sizes.json']);
    const reopened = openShardedLog<number>(dir, { shardOf });
    expect(reopened.size).toBe(1);
    expect([...reopened.entries()]).toEqual([['s2-new', 1]]);
    expect(JSON.parse(await readFile(path.join(dir, 'sizes.json'), 'utf8'))).toMatchObject({
      s2: [1, expect.any(Number)],
    });
  });
});

describe("the manifest's shards", () => {
  it("put a record's three files in its own shard, and any other file of dist/ in the site's", () => {
    for (const collection of COLLECTION_KEYS) {
      for (const slug of ['a-record', 'page', 'index', 'r-17']) {
        const files = recordFiles({ collection, slug });
        const shards = new Set(files.map(fileShard));
        expect(shards.size).toBe(1);
        expect([...shards][0]).not.toBe(SITE_SHARD);
        expect(folderShard(`${collection}/${slug}`)).toBe([...shards][0]);
      }
    }
    for (const file of [
      'index.html',
      'llms-full.txt',
      'api/v1/threats.json',
      'api/v1/manifest.json',
      'threats/index.html',
      'threats/index.html.md',
      'threats/page/2/index.html',
      'threats/page/2/index.html.md',
      'about/index.html',
      'docs/api/index.html',
      'assets/search-shards/t0123.json',
      '_data/summaries/threats.json',
    ])
      expect(fileShard(file)).toBe(SITE_SHARD);
    for (const folder of ['threats', 'api/v1/threats', 'threats/page/2', 'about', 'docs/api'])
      expect(folderShard(folder)).toBe(SITE_SHARD);
  });
});
