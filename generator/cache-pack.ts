import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { replaceFile } from './replace-file.ts';

/**
 * Keyed JSON entries in two files, not one per entry: a pack, appended to, and an index
 * of where each entry is. Ten thousand small files cost a build more to open one by one
 * (and twice as many to write the first time) than one file read at known offsets.
 */
export interface CachePack {
  /** The entry's JSON text, if it is there and can be read back whole. */
  read(key: string): string | undefined;
  add(key: string, json: string): void;
  /** Appends what was added since, so it no longer takes memory. */
  flush(): void;
  /** Flushes, and forgets entries whose key is not live; rewrites the pack when most of it is dead. Lets go of a pack read whole. */
  save(isLive: (key: string) => boolean): void;
}

/** Where each entry is: the pack's file name, and per key its offset and length in bytes. */
interface PackIndex {
  pack: string;
  entries: Record<string, [offset: number, length: number]>;
}

/** Above this share of dead bytes (entries of files since edited or deleted), a save writes the pack afresh. */
const MAX_DEAD_SHARE = 0.5;

export interface PackOptions {
  /**
   * Read the whole pack at its first read, for entries a build reads all of (every file's
   * fields): one read instead of thousands at known offsets.
   */
  readWhole?: boolean;
}

/** The pack named `name` in `home` (its index is `name`.json, its pack file `name`-<uuid>). */
export function openCachePack(home: string, name: string, { readWhole = false }: PackOptions = {}): CachePack {
  const indexFile = path.join(home, `${name}.json`);
  let index: PackIndex | undefined;
  let fd: number | undefined;
  /** The pack's bytes, when read whole. */
  let whole: Buffer | undefined;
  /** Entries added since the last flush, as the text they are packed as. */
  const fresh = new Map<string, string>();
  /** Whether entries were flushed to the pack since the index was last written. */
  let unsaved = false;

  const loaded = (): PackIndex => {
    if (index) return index;
    try {
      index = JSON.parse(readFileSync(indexFile, 'utf8')) as PackIndex;
    } catch {
      index = { pack: `${name}-${randomUUID()}`, entries: {} };
    }
    return index;
  };
  const packFile = () => path.join(home, loaded().pack);
  /** Forgets the open pack and its bytes: it is about to change. */
  const close = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
    whole = undefined;
  };
  /**
   * An entry is its key, a tab and its JSON: read back only when the key matches, so an
   * index that no longer fits its pack (two builds saving at once, a pack cut short) costs
   * an analysis again, never a wrong result.
   */
  const entryText = (key: string, json: string) => `${key}\t${json}\n`;
  const bytesAt = (offset: number, length: number): Buffer | undefined => {
    if (readWhole) {
      whole ??= readFileSync(packFile());
      return offset + length <= whole.length ? whole.subarray(offset, offset + length) : undefined;
    }
    fd ??= openSync(packFile(), 'r');
    const bytes = Buffer.allocUnsafe(length);
    return readSync(fd, bytes, 0, length, offset) === length ? bytes : undefined;
  };
  /** The entry's text as packed, when it is there and its key matches. */
  const entryOf = (key: string): string | undefined => {
    const fromThisBuild = fresh.get(key);
    if (fromThisBuild !== undefined) return fromThisBuild;
    const at = loaded().entries[key];
    if (!at) return undefined;
    try {
      const text = bytesAt(...at)?.toString('utf8');
      return text?.startsWith(`${key}\t`) ? text : undefined;
    } catch {
      return undefined;
    }
  };

  /** Makes `next` the index, on disk and here, once its pack is written. */
  const commit = (current: PackIndex, next: PackIndex) => {
    close();
    replaceFile(indexFile, JSON.stringify(next));
    if (next.pack !== current.pack) rmSync(path.join(home, current.pack), { force: true });
    index = next;
    fresh.clear();
    unsaved = false;
  };

  return {
    read(key) {
      const text = entryOf(key);
      return text === undefined ? undefined : text.slice(key.length + 1, -1);
    },

    add: (key, json) => void fresh.set(key, entryText(key, json)),

    flush() {
      if (!fresh.size) return;
      const current = loaded();
      mkdirSync(home, { recursive: true });
      close();
      // Appended only: the index on disk follows at the save (until then it just lacks these entries).
      index = appendToPack(packFile(), current.pack, current.entries, [...fresh]);
      fresh.clear();
      unsaved = true;
    },

    save(isLive) {
      const current = loaded();
      const kept = Object.entries(current.entries).filter(([key]) => isLive(key) && !fresh.has(key));
      const added = [...fresh].filter(([key]) => isLive(key));
      if (!added.length && !unsaved && kept.length === Object.keys(current.entries).length) {
        // A build reads its entries before it saves: the pack read whole can go.
        close();
        return;
      }
      mkdirSync(home, { recursive: true });
      const packSize = statSync(packFile(), { throwIfNoEntry: false })?.size ?? 0;
      const liveBytes = kept.reduce((sum, [, [, length]]) => sum + length, 0);
      commit(
        current,
        packSize - liveBytes > packSize * MAX_DEAD_SHARE
          ? rewritePack(home, name, kept.map(([key]) => [key, entryOf(key)] as const), added)
          : appendToPack(packFile(), current.pack, Object.fromEntries(kept), added),
      );
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
function rewritePack(home: string, name: string, kept: (readonly [string, string | undefined])[], added: [string, string][]): PackIndex {
  const pack = `${name}-${randomUUID()}`;
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
