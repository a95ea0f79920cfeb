import { createHash, randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { PROJECT_DIR as PROJECT } from './project-dir.ts';

/**
 * Results of per-file work (a content file's fields and checks, its body), stored under
 * the file's source hash and read back by the next build: a build after a one-file change
 * analyzes that file again and nothing else. Any change to the generator, the shared
 * definitions or the dependencies starts afresh. (Outputs are not cached here: dist/
 * itself holds them, see outputs.ts and write-dist.ts.)
 *
 * The cache is two files, not one per entry: a pack of entries, appended to, and an index
 * of where each entry is. Ten thousand small files cost a build more to open one by one
 * (and twice as many to write the first time) than one file read at known offsets.
 */
export interface BuildCache {
  /** The stored result for this key (a source hash, then what of it), if any. */
  lookup<T>(key: [source: string, part: string]): T | undefined;
  store(key: [source: string, part: string], value: unknown): void;
  /** Stores a value already serialized as JSON, as it is. */
  storeJson(key: [source: string, part: string], json: string): void;
  /** Writes what was stored since, so it no longer takes memory (a large build flushes as it analyzes). */
  flush(): void;
  /**
   * Flushes, and forgets entries of any other sources than `live` (those of files since
   * edited or deleted), so the cache does not grow with every edit. A build saves once its
   * files are analyzed.
   */
  save(live: ReadonlySet<string>): void;
}

/** A cache held in memory, for one build that keeps nothing (tests, a single file analyzed apart). */
export function memoryCache(): BuildCache {
  const entries = new Map<string, unknown>();
  return {
    lookup: <T>([source, part]: [string, string]) => entries.get(`${source}:${part}`) as T | undefined,
    store: ([source, part], value) => void entries.set(`${source}:${part}`, value),
    storeJson: ([source, part], json) => void entries.set(`${source}:${part}`, JSON.parse(json)),
    flush: () => undefined,
    save: () => undefined,
  };
}

let fingerprint: string | undefined;

/** A hash of the generator's sources, the shared definitions and the lockfile: what every cached result also depends on. */
export function generatorFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256');
  const files = fg.sync(['generator/**/*', 'core/**/*', 'package-lock.json'], { cwd: PROJECT }).sort();
  for (const file of files) hash.update(file).update('\0').update(readFileSync(path.join(PROJECT, file))).update('\0');
  return (fingerprint = hash.digest('hex'));
}

/** Where each entry is: the pack's file name, and per key its offset and length in bytes. */
interface PackIndex {
  pack: string;
  entries: Record<string, [offset: number, length: number]>;
}

/** Above this share of dead bytes (entries of files since edited or deleted), a save writes the pack afresh. */
const MAX_DEAD_SHARE = 0.5;

export function openBuildCache(dir: string): BuildCache {
  const home = path.join(dir, 'analyses', generatorFingerprint().slice(0, 16));
  const indexFile = path.join(home, 'index.json');
  let index: PackIndex | undefined;
  let fd: number | undefined;
  /** Entries stored since the last flush, as the text they are packed as. */
  const fresh = new Map<string, string>();
  /** Whether entries were flushed to the pack since the index was last written. */
  let unsaved = false;

  const loaded = (): PackIndex => {
    if (index) return index;
    try {
      index = JSON.parse(readFileSync(indexFile, 'utf8')) as PackIndex;
    } catch {
      index = { pack: `pack-${randomUUID()}`, entries: {} };
    }
    return index;
  };
  const packFile = () => path.join(home, loaded().pack);
  const close = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  };
  /**
   * An entry is its key, a tab and its JSON: read back only when the key matches, so an
   * index that no longer fits its pack (two builds saving at once, a pack cut short) costs
   * an analysis again, never a wrong result.
   */
  const entryText = (key: string, json: string) => `${key}\t${json}\n`;
  /** The entry's text as packed, when it is there and its key matches. */
  const readEntry = (key: string): string | undefined => {
    const fromThisBuild = fresh.get(key);
    if (fromThisBuild !== undefined) return fromThisBuild;
    const at = loaded().entries[key];
    if (!at) return undefined;
    try {
      fd ??= openSync(packFile(), 'r');
      const bytes = Buffer.allocUnsafe(at[1]);
      if (readSync(fd, bytes, 0, at[1], at[0]) !== at[1]) return undefined;
      const text = bytes.toString('utf8');
      return text.startsWith(`${key}\t`) ? text : undefined;
    } catch {
      return undefined;
    }
  };

  const storeJson = ([source, part]: [string, string], json: string) => {
    const key = `${source}:${part}`;
    fresh.set(key, entryText(key, json));
  };

  /** Makes `next` the index, on disk and here, once its pack is written. */
  const commit = (current: PackIndex, next: PackIndex) => {
    close();
    // The index is replaced whole: a build reading it meanwhile sees the old one or the new one.
    const temporary = `${indexFile}.${randomUUID()}.tmp`;
    writeFileSync(temporary, JSON.stringify(next));
    renameSync(temporary, indexFile);
    if (next.pack !== current.pack) rmSync(path.join(home, current.pack), { force: true });
    index = next;
    fresh.clear();
    unsaved = false;
  };

  return {
    lookup<T>([source, part]: [string, string]): T | undefined {
      const key = `${source}:${part}`;
      const text = readEntry(key);
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text.slice(key.length + 1)) as T;
      } catch {
        return undefined;
      }
    },

    store: (key, value) => storeJson(key, JSON.stringify(value)),

    storeJson,

    flush() {
      if (!fresh.size) return;
      const current = loaded();
      mkdirSync(home, { recursive: true });
      // Appended only: the index on disk follows at the save (until then it just lacks these entries).
      index = appendToPack(packFile(), current.pack, current.entries, [...fresh]);
      fresh.clear();
      unsaved = true;
    },

    save(live) {
      const current = loaded();
      const isLive = (key: string) => live.has(key.slice(0, key.lastIndexOf(':')));
      const kept = Object.entries(current.entries).filter(([key]) => isLive(key) && !fresh.has(key));
      const added = [...fresh].filter(([key]) => isLive(key));
      if (!added.length && !unsaved && kept.length === Object.keys(current.entries).length) return;
      mkdirSync(home, { recursive: true });
      const packSize = statSync(packFile(), { throwIfNoEntry: false })?.size ?? 0;
      const liveBytes = kept.reduce((sum, [, [, length]]) => sum + length, 0);
      commit(
        current,
        packSize - liveBytes > packSize * MAX_DEAD_SHARE
          ? rewritePack(home, kept.map(([key]) => [key, readEntry(key)] as const), added)
          : appendToPack(packFile(), current.pack, Object.fromEntries(kept), added),
      );
      removeOtherGenerations(path.dirname(home), path.basename(home));
    },
  };
}

/** Appends entries to the pack; their offsets start where the pack ends when it is opened to append. */
function appendToPack(file: string, pack: string, entries: PackIndex['entries'], added: [string, string][]): PackIndex {
  const fd = openSync(file, 'a');
  try {
    let offset = statSync(file).size;
    const bytes = Buffer.from(added.map(([, text]) => text).join(''));
    writeSync(fd, bytes);
    for (const [key, text] of added) {
      const length = Buffer.byteLength(text);
      entries[key] = [offset, length];
      offset += length;
    }
  } finally {
    closeSync(fd);
  }
  return { pack, entries };
}

/** A new pack with only the live entries (one that could not be read back is left out, to be analyzed again). */
function rewritePack(home: string, kept: (readonly [string, string | undefined])[], added: [string, string][]): PackIndex {
  const pack = `pack-${randomUUID()}`;
  const entries: PackIndex['entries'] = {};
  const texts: string[] = [];
  let offset = 0;
  for (const [key, text] of [...kept, ...added]) {
    if (text === undefined) continue;
    const length = Buffer.byteLength(text);
    entries[key] = [offset, length];
    offset += length;
    texts.push(text);
  }
  writeFileSync(path.join(home, pack), texts.join(''));
  return { pack, entries };
}

/** Caches of earlier versions of the generator can never be read again. */
function removeOtherGenerations(parent: string, current: string): void {
  for (const name of readdirSync(parent)) if (name !== current) rmSync(path.join(parent, name), { recursive: true, force: true });
}

/** Where a cached build remembers what it left in an output folder (see write-dist.ts). */
export function outputManifestFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, 'outputs', `${createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16)}.json`);
}

/** Where a cached build remembers each content file's state when it read it (see content-reader.ts). */
export function fileStatesFile(cacheDir: string): string {
  return path.join(cacheDir, 'file-states.json');
}

/** Where `npm run build` and `npm start` keep the cache unless told otherwise. */
export const DEFAULT_CACHE_DIR = path.join(PROJECT, 'node_modules', '.cache', 'content-build');
