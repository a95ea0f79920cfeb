import { randomUUID } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { openKeyedLog, type KeyedLog } from './keyed-log.ts';

/**
 * Keyed JSON entries in two files, not one per entry: a pack, appended to, and an index
 * of where each entry is. Ten thousand small files cost a build more to open one by one
 * (and twice as many to write the first time) than one file read at known offsets. The
 * index is a keyed log (keyed-log.ts): a build that analyzed a few files appends a few
 * lines to it, rather than writing tens of thousands of offsets again.
 */
export interface CachePack {
  /** The entry's JSON text, if it is there and can be read back whole. */
  read(key: string): string | undefined;
  add(key: string, json: string): void;
  /** Appends what was added since, so it no longer takes memory. */
  flush(): void;
  /** Flushes, and forgets entries whose key is not live; rewrites the pack when most of it is dead. */
  save(isLive: (key: string) => boolean): void;
}

/** Where an entry is in the pack. */
type Place = [offset: number, length: number];

/** Index keys of the pack's own: its file's name, and how many of its bytes are entries since forgotten. */
const PACK_FILE = 'pack file';
const DEAD_BYTES = 'dead bytes';

/** Above this share of dead bytes (entries of files since edited or deleted), a save writes the pack afresh. */
const MAX_DEAD_SHARE = 0.5;

export interface PackOptions {
  /**
   * Read the whole pack at its first read, for entries a build reads all of (every file's
   * fields) before it saves: one read instead of thousands at known offsets. After the
   * save, entries are read one at a time: a build that renders every record (dist/
   * deleted, the cache kept) reads each one's whole fields again, and the pack read whole
   * for them would be held to the end of the build.
   */
  readWhole?: boolean;
}

/** The pack named `name` in `home` (its index is `name`.index, its pack file `name`-<uuid>). */
export function openCachePack(
  home: string,
  name: string,
  { readWhole = false }: PackOptions = {},
): CachePack {
  let index: KeyedLog<Place | string | number> | undefined;
  let fd: number | undefined;
  /** The pack's bytes, when read whole. */
  let whole: Buffer | undefined;
  let readingWhole = readWhole;
  /** Entries added since the last flush, as the text they are packed as. */
  const fresh = new Map<string, string>();

  const loaded = () => {
    if (!index) {
      index = openKeyedLog(path.join(home, `${name}.index`));
      if (typeof index.get(PACK_FILE) !== 'string') index.set(PACK_FILE, `${name}-${randomUUID()}`);
    }
    return index;
  };
  const packFile = () => path.join(home, loaded().get(PACK_FILE) as string);
  const deadBytes = () => (loaded().get(DEAD_BYTES) as number | undefined) ?? 0;
  const placeOf = (key: string) =>
    key === PACK_FILE || key === DEAD_BYTES ? undefined : (loaded().get(key) as Place | undefined);
  /** Forgets the open pack and its bytes: it is about to change. */
  const close = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
    whole = undefined;
  };
  const bytesAt = ([offset, length]: Place): Buffer | undefined => {
    if (readingWhole) {
      whole ??= readFileSync(packFile());
      return offset + length <= whole.length ? whole.subarray(offset, offset + length) : undefined;
    }
    fd ??= openSync(packFile(), 'r');
    const bytes = Buffer.allocUnsafe(length);
    return readSync(fd, bytes, 0, length, offset) === length ? bytes : undefined;
  };
  /**
   * An entry is its key, a tab and its JSON: read back only when the key matches, so an
   * index that no longer fits its pack (two builds saving at once, a pack cut short) costs
   * an analysis again, never a wrong result.
   */
  const entryText = (key: string, json: string) => `${key}\t${json}\n`;
  /** The entry's text as packed, when it is there and its key matches. */
  const entryOf = (key: string): string | undefined => {
    const fromThisBuild = fresh.get(key);
    if (fromThisBuild !== undefined) return fromThisBuild;
    const at = placeOf(key);
    if (!at) return undefined;
    try {
      const text = bytesAt(at)?.toString('utf8');
      return text?.startsWith(`${key}\t`) ? text : undefined;
    } catch {
      return undefined;
    }
  };
  /** Appends entries to the pack, at offsets from where it ends when opened to append. */
  const append = (added: [string, string][]) => {
    if (!added.length) return;
    mkdirSync(home, { recursive: true });
    close();
    const file = packFile();
    const out = openSync(file, 'a');
    try {
      let offset = statSync(file).size;
      writeSync(out, Buffer.from(added.map(([, text]) => text).join('')));
      for (const [key, text] of added) {
        const length = Buffer.byteLength(text);
        // An entry written again (its last copy could not be read back): the last copy's bytes are dead.
        const before = placeOf(key);
        if (before) loaded().set(DEAD_BYTES, deadBytes() + before[1]);
        loaded().set(key, [offset, length]);
        offset += length;
      }
    } finally {
      closeSync(out);
    }
  };

  return {
    read(key) {
      const text = entryOf(key);
      return text === undefined ? undefined : text.slice(key.length + 1, -1);
    },

    add: (key, json) => void fresh.set(key, entryText(key, json)),

    flush() {
      // Appended only: the index on disk follows at the save (until then it just lacks these entries).
      append([...fresh]);
      fresh.clear();
    },

    save(isLive) {
      const log = loaded();
      let dead = deadBytes();
      for (const key of [...log.keys()]) {
        // Liveness first: most entries are live, and their places need not be parsed.
        const at = !isLive(key) && placeOf(key);
        if (at) {
          dead += at[1];
          log.delete(key);
        }
      }
      append([...fresh].filter(([key]) => isLive(key)));
      fresh.clear();
      close();
      const size = statSync(packFile(), { throwIfNoEntry: false })?.size ?? 0;
      if (dead > size * MAX_DEAD_SHARE) rewrite(log);
      else if (dead !== deadBytes()) log.set(DEAD_BYTES, dead);
      readingWhole = false;
      mkdirSync(home, { recursive: true });
      log.save();
    },
  };

  /** A new pack with only the live entries (one that could not be read back is left out, to be analyzed again); then the old one goes. */
  function rewrite(log: KeyedLog<Place | string | number>): void {
    const old = packFile();
    const kept = [...log.keys()].flatMap((key) => {
      const text = placeOf(key) && entryOf(key);
      if (placeOf(key)) log.delete(key);
      return text === undefined ? [] : [[key, text] as const];
    });
    close();
    const pack = `${name}-${randomUUID()}`;
    let offset = 0;
    for (const [key, text] of kept) {
      const length = Buffer.byteLength(text);
      log.set(key, [offset, length]);
      offset += length;
    }
    writeFileSync(path.join(home, pack), kept.map(([, text]) => text).join(''));
    log.set(PACK_FILE, pack);
    log.set(DEAD_BYTES, 0);
    log.save();
    rmSync(old, { force: true });
  }
}
