import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ShardedOpenOptions, ShardedStore } from '../model/stores.ts';
import { replaceFile } from '../../core/replace-file.ts';
import { type KeyedLog, openKeyedLog } from './keyed-log.ts';

const SIZES = 'sizes.json';
const LOG = '.log';

/** A shard's count of entries and its file's length in bytes when they were counted. */
type Sizes = Record<string, [entries: number, bytes: number]>;

/**
 * A keyed store kept as a folder of keyed logs (keyed-log.ts), one a shard, each read
 * (by key) the first time one of its keys is asked for. Which shard holds a key is the
 * opener's to say (`shardOf`): the manifest of dist/ keeps each record's files in a shard
 * chosen by the record and the site's other files in one shard of their own, so a build
 * after an edit reads the shards of the records it wrote and that one, not every entry.
 *
 * The count of entries of every shard is kept beside them (`sizes.json`) with the length
 * the shard's file had then, so the store's size is known without reading the shards; a
 * shard whose file no longer has that length (a process stopped between the two saves) is
 * read to count it.
 */
export function openShardedLog<Value>(
  dir: string,
  { shardOf, empty = false }: ShardedOpenOptions,
): ShardedStore<Value> {
  const logs = new Map<string, KeyedLog<Value>>();
  const fileOf = (shard: string) => path.join(dir, shard + LOG);
  const shard = (name: string) => {
    let log = logs.get(name);
    // By key: a shard's values are parsed as they are asked for, so a build that needs every key and few values (dist/ taken back from its links) parses few.
    if (!log) logs.set(name, (log = openKeyedLog<Value>(fileOf(name), { empty, byKey: true })));
    return log;
  };
  /** The shards on disk (none when opened empty, whose first save removes them). */
  let onDisk: string[] | undefined = empty ? [] : undefined;
  const shardsOnDisk = () => (onDisk ??= shardsIn(dir));
  let sizes: Sizes | undefined = empty ? {} : undefined;
  const knownSizes = () => (sizes ??= readSizes(path.join(dir, SIZES)));
  /** The count of a shard not read, checked against its file's length once: until it is read, nothing changes it. */
  const counts = new Map<string, number>();
  const counted = (name: string) => {
    let count = counts.get(name);
    if (count === undefined) {
      const [entries, bytes] = knownSizes()[name] ?? [];
      count =
        typeof entries === 'number' && bytes === fileSize(fileOf(name))
          ? entries
          : shard(name).size;
      counts.set(name, count);
    }
    return count;
  };
  const every = () => {
    for (const name of shardsOnDisk()) shard(name);
    return [...logs.values()];
  };
  return {
    get: (key) => shard(shardOf(key)).get(key),
    has: (key) => shard(shardOf(key)).has(key),
    set: (key, value) => shard(shardOf(key)).set(key, value),
    delete: (key) => shard(shardOf(key)).delete(key),
    *keys() {
      for (const log of every()) yield* log.keys();
    },
    *entries() {
      for (const log of every()) yield* log.entries();
    },
    keysOf: (name) => shard(name).keys(),
    get size() {
      let size = 0;
      for (const log of logs.values()) size += log.size;
      for (const name of shardsOnDisk()) if (!logs.has(name)) size += counted(name);
      return size;
    },
    save() {
      mkdirSync(dir, { recursive: true });
      const kept = { ...knownSizes() };
      for (const [name, log] of logs) {
        // A shard left with no entries is no file at all (its log writes itself afresh should a key come back).
        if (!log.size) {
          rmSync(fileOf(name), { force: true });
          delete kept[name];
          continue;
        }
        log.save();
        kept[name] = [log.size, fileSize(fileOf(name)) ?? 0];
      }
      // Opened empty: the shards no key went to since are of what the store held before.
      if (empty)
        for (const name of shardsIn(dir))
          if (!logs.has(name)) rmSync(fileOf(name), { force: true });
      replaceFile(path.join(dir, SIZES), JSON.stringify(kept));
      sizes = kept;
      counts.clear();
      onDisk = undefined;
      empty = false;
    },
  };
}

const fileSize = (file: string) => statSync(file, { throwIfNoEntry: false })?.size;

/** The names of the shards in `dir`, none when there is no such folder. */
function shardsIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith(LOG))
      .map((name) => name.slice(0, -LOG.length));
  } catch {
    return [];
  }
}

function readSizes(file: string): Sizes {
  try {
    const read = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return typeof read === 'object' && read !== null && !Array.isArray(read) ? (read as Sizes) : {};
  } catch {
    return {};
  }
}
