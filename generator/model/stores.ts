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

/** A text a build keeps whole for the next, replaced whole or not at all. */
export interface TextStore {
  /** The text, or undefined when there is none or it cannot be read. */
  read(): string | undefined;
  write(text: string): void;
}

/** Texts kept by name, each replaced whole or not at all. */
export interface TextStores {
  read(name: string): string | undefined;
  write(name: string, text: string): void;
}

/** Whether a keyed store starts from what it holds, or empty (its first save then writes it afresh). */
export interface OpenOptions {
  empty?: boolean;
}
