/**
 * The shapes of what a build keeps, as each stage meets it. The build's state
 * (cache/build-state.ts) opens every store and hands each stage one of these views; a
 * stage names the records it keeps and never learns where or how they are stored.
 */

/** A map a build keeps for the next, saved with the changes made since it was read. */
export interface KeyedStore<Value> {
  get(key: string): Value | undefined;
  has(key: string): boolean;
  set(key: string, value: Value): void;
  delete(key: string): void;
  keys(): IterableIterator<string>;
  entries(): IterableIterator<[string, Value]>;
  readonly size: number;
  /** Keeps the changes made since the store was read or last saved. */
  save(): void;
}

/** A keyed store kept in shards (cache/sharded-log.ts): a key's shard is read when one of its keys is first asked for. */
export interface ShardedStore<Value> extends KeyedStore<Value> {
  /** The keys of one shard, read without the others. */
  keysOf(shard: string): IterableIterator<string>;
}

/** A text a build keeps whole for the next, replaced whole or not at all. */
export interface TextStore {
  /** The text, or undefined when there is none or it cannot be read. */
  read(): string | undefined;
  write(text: string): void;
}

/** A text as a process read or wrote it: its first line and its length in bytes. */
export interface TextKept {
  head: string;
  bytes: number;
}

/** A text a build keeps for the next, replaced whole or added to at its end. */
export interface AppendableText extends TextStore {
  /**
   * Adds `text` at the end, when the text kept is still as `kept` says: false, adding
   * nothing, when another process wrote it since (whole, under a first line of its own, or
   * added to it).
   */
  append(text: string, kept: TextKept): boolean;
}

/** Texts kept by name, each replaced whole or not at all. */
export interface TextStores {
  read(name: string): string | undefined;
  write(name: string, text: string): void;
}

/**
 * What load/ keeps of each content file's analysis for the next build, under the file's
 * source (load/analyze-files.ts): its fields and checks ("meta"), its body ("body"). The
 * build's state keeps them in packs (cache/build-cache.ts); a build that keeps nothing
 * holds them in memory (load/analysis-store.ts).
 */
export interface AnalysisStore {
  /** The stored part of this source's analysis, if any. */
  lookup<T>(source: string, part: string): T | undefined;
  store(source: string, part: string, value: unknown): void;
  /** Stores a value already serialized as JSON, as it is. */
  storeJson(source: string, part: string, json: string): void;
  /** Writes what was stored since, so it no longer takes memory (a large build flushes as it analyzes). */
  flush(): void;
  /**
   * Flushes, and forgets the analyses of any other sources than `live` (those of files
   * since edited or deleted), so the store does not grow with every edit. A build saves
   * once its files are analyzed.
   */
  save(live: ReadonlySet<string>): void;
  /** A keyed store kept beside the analyses (load/last-analyses.ts keeps one); undefined for a store no build comes back to. */
  log<Value>(name: string): KeyedStore<Value> | undefined;
}

/** Whether a keyed store starts from what it holds, or empty (its first save then writes it afresh). */
export interface OpenOptions {
  empty?: boolean;
}

/** How a sharded store is opened: which shard holds each key. */
export interface ShardedOpenOptions extends OpenOptions {
  shardOf(key: string): string;
}
