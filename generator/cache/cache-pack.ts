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
import type { ShardedStore } from '../model/stores.ts';
import { openShardedLog } from './sharded-log.ts';

/**
 * Keyed JSON entries in a pack, appended to, and an index of where each entry is: not a
 * file per entry. Ten thousand small files cost a build more to open one by one (and twice
 * as many to write the first time) than one file read at known offsets. The index is a
 * sharded log (sharded-log.ts): a build that analyzed a few files, or reads the entries of
 * a few records it renders again, reads and appends to the shards of their keys alone,
 * rather than every offset.
 */
export interface CachePack {
  /** The entry's JSON text, if it is there and can be read back whole. */
  read(key: string): string | undefined;
  add(key: string, json: string): void;
  /** Appends what was added since, so it no longer takes memory. */
  flush(): void;
  /**
   * Flushes, and forgets entries whose key is not live, of which there are `live`: only
   * once the index holds a tenth more entries than that (see SWEEP_ABOVE). Rewrites the pack
   * when most of it is dead.
   */
  save(isLive: (key: string) => boolean, live: number): void;
}

/** Where an entry is in the pack, in bytes. */
interface Place {
  offset: number;
  length: number;
}

/** Each entry's place, with the pack's own keys (PACK_FILE, DEAD_BYTES). */
type PackIndex = ShardedStore<Place | string | number>;

/** Index keys of the pack's own: its file's name, and how many of its bytes are entries since forgotten. */
const PACK_FILE = 'pack file';
const DEAD_BYTES = 'dead bytes';

/** Above this share of dead bytes (entries of files since edited or deleted), a save writes the pack afresh. */
const MAX_DEAD_SHARE = 0.5;

/**
 * A save looks for entries no longer live (of files since edited or deleted) once the
 * index holds this many times as many entries as are live, not at every save: the look
 * reads every shard of the index, which a build after an edit otherwise leaves unread. The
 * entries of an edited file's earlier versions wait until then, a tenth of the pack at most.
 */
const SWEEP_ABOVE = 1.1;

/** Where the pack's own keys are kept, apart from the entries' shards. */
const OWN_SHARD = 'pack';

/** An entry's key begins with a hash (a content file's source): its first character spreads the keys over as many shards as it has values. Named by the character's code, as a file system may not tell capitals apart. */
const indexShard = (key: string): string =>
  key === PACK_FILE || key === DEAD_BYTES ? OWN_SHARD : `k${key.charCodeAt(0).toString(16)}`;

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
export function openCachePack(home: string, name: string, options: PackOptions = {}): CachePack {
  return new Pack(home, name, options.readWhole ?? false);
}

/**
 * An entry is its key, a tab and its JSON: read back only when the key matches, so an
 * index that no longer fits its pack (two builds saving at once, a pack cut short) costs
 * an analysis again, never a wrong result.
 */
const entryText = (key: string, json: string) => `${key}\t${json}\n`;

/** A pack and its index, both opened at the first use. */
class Pack implements CachePack {
  #index: PackIndex | undefined;
  #fd: number | undefined;
  /** The pack's bytes, when read whole. */
  #whole: Buffer | undefined;
  /** Entries added since the last flush, as the text they are packed as. */
  readonly #fresh = new Map<string, string>();

  constructor(
    private readonly home: string,
    private readonly name: string,
    private readingWhole: boolean,
  ) {}

  read(key: string): string | undefined {
    const text = this.#entryOf(key);
    return text === undefined ? undefined : text.slice(key.length + 1, -1);
  }

  add(key: string, json: string): void {
    this.#fresh.set(key, entryText(key, json));
  }

  flush(): void {
    // Appended only: the index on disk follows at the save (until then it just lacks these entries).
    this.#append([...this.#fresh]);
    this.#fresh.clear();
  }

  save(isLive: (key: string) => boolean, live: number): void {
    const log = this.#loaded();
    let dead = this.#deadBytes();
    // Counted without reading the entries' shards; the pack's own keys, in a shard of their own, are not entries.
    const entries = log.size - [...log.keysOf(OWN_SHARD)].length;
    if (entries > live * SWEEP_ABOVE) {
      for (const key of [...log.keys()]) {
        // Liveness first: most entries are live, and their places need not be parsed.
        const at = !isLive(key) && this.#placeOf(key);
        if (at) {
          dead += at.length;
          log.delete(key);
        }
      }
    }
    this.#append([...this.#fresh].filter(([key]) => isLive(key)));
    this.#fresh.clear();
    this.#close();
    const size = statSync(this.#packFile(), { throwIfNoEntry: false })?.size ?? 0;
    if (dead > size * MAX_DEAD_SHARE) this.#rewrite(log);
    else if (dead !== this.#deadBytes()) log.set(DEAD_BYTES, dead);
    this.readingWhole = false;
    mkdirSync(this.home, { recursive: true });
    log.save();
  }

  #loaded(): PackIndex {
    if (!this.#index) {
      this.#index = openShardedLog(path.join(this.home, `${this.name}.index`), {
        shardOf: indexShard,
      });
      if (typeof this.#index.get(PACK_FILE) !== 'string')
        this.#index.set(PACK_FILE, `${this.name}-${randomUUID()}`);
    }
    return this.#index;
  }

  #packFile(): string {
    return path.join(this.home, this.#loaded().get(PACK_FILE) as string);
  }

  #deadBytes(): number {
    return (this.#loaded().get(DEAD_BYTES) as number | undefined) ?? 0;
  }

  #placeOf(key: string): Place | undefined {
    return key === PACK_FILE || key === DEAD_BYTES
      ? undefined
      : (this.#loaded().get(key) as Place | undefined);
  }

  /** Forgets the open pack and its bytes: it is about to change. */
  #close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    this.#whole = undefined;
  }

  #bytesAt({ offset, length }: Place): Buffer | undefined {
    if (this.readingWhole) {
      this.#whole ??= readFileSync(this.#packFile());
      const whole = this.#whole;
      return offset + length <= whole.length ? whole.subarray(offset, offset + length) : undefined;
    }
    this.#fd ??= openSync(this.#packFile(), 'r');
    const bytes = Buffer.allocUnsafe(length);
    return readSync(this.#fd, bytes, 0, length, offset) === length ? bytes : undefined;
  }

  /** The entry's text as packed, when it is there and its key matches. */
  #entryOf(key: string): string | undefined {
    const fromThisBuild = this.#fresh.get(key);
    if (fromThisBuild !== undefined) return fromThisBuild;
    const at = this.#placeOf(key);
    if (!at) return undefined;
    try {
      const text = this.#bytesAt(at)?.toString('utf8');
      return text?.startsWith(`${key}\t`) ? text : undefined;
    } catch {
      return undefined;
    }
  }

  /** Appends entries to the pack, at offsets from where it ends when opened to append. */
  #append(added: [string, string][]): void {
    if (!added.length) return;
    mkdirSync(this.home, { recursive: true });
    this.#close();
    const file = this.#packFile();
    const out = openSync(file, 'a');
    try {
      let offset = statSync(file).size;
      writeSync(out, Buffer.from(added.map(([, text]) => text).join('')));
      for (const [key, text] of added) {
        const length = Buffer.byteLength(text);
        // An entry written again (its last copy could not be read back): the last copy's bytes are dead.
        const before = this.#placeOf(key);
        if (before) this.#loaded().set(DEAD_BYTES, this.#deadBytes() + before.length);
        this.#loaded().set(key, { offset, length });
        offset += length;
      }
    } finally {
      closeSync(out);
    }
  }

  /** A new pack with only the live entries (one that could not be read back is left out, to be analyzed again); then the old one goes. */
  #rewrite(log: PackIndex): void {
    const old = this.#packFile();
    const kept = [...log.keys()].flatMap((key) => {
      const text = this.#placeOf(key) && this.#entryOf(key);
      if (this.#placeOf(key)) log.delete(key);
      return text === undefined ? [] : [[key, text] as const];
    });
    this.#close();
    const pack = `${this.name}-${randomUUID()}`;
    let offset = 0;
    for (const [key, text] of kept) {
      const length = Buffer.byteLength(text);
      log.set(key, { offset, length });
      offset += length;
    }
    writeFileSync(path.join(this.home, pack), kept.map(([, text]) => text).join(''));
    log.set(PACK_FILE, pack);
    log.set(DEAD_BYTES, 0);
    log.save();
    rmSync(old, { force: true });
  }
}
