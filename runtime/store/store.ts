/**
 * Where submissions, queued mail and keys live: Netlify Blobs in production, files on one
 * machine. Every write is atomic; conditional writes (compare-and-set on a version) make
 * read-modify-write safe between concurrent requests and processes.
 */
export interface Stored<T> {
  value: T;
  /** Opaque version of this value; pass it back to `put` to write only if nothing changed since. */
  version: string;
}

export type WriteCondition =
  /** Write whatever is there. */
  | { kind: 'always' }
  /** Write only if the key does not exist yet. */
  | { kind: 'if-absent' }
  /** Write only if the stored value still has this version. */
  | { kind: 'if-version'; version: string };

export interface Store {
  get<T>(key: string): Promise<Stored<T> | undefined>;
  /** Returns the new version, or undefined when the condition did not hold (nothing written). */
  put<T>(key: string, value: T, condition?: WriteCondition): Promise<string | undefined>;
  delete(key: string): Promise<void>;
  /** Keys under a prefix, sorted. */
  list(prefix: string): Promise<string[]>;
}

/** Keys are `/`-separated segments of `[a-z0-9._-]`; anything else is a programming error, not user input. */
export function assertKey(key: string): void {
  if (!/^[a-z0-9._-]+(\/[a-z0-9._-]+)*$/i.test(key) || key.split('/').some((s) => s === '.' || s === '..')) {
    throw new Error(`Invalid store key: ${JSON.stringify(key)}`);
  }
}

/**
 * Read-modify-write with retries: `change` gets the current value (or undefined) and
 * returns the next one. Concurrent updaters never lose each other's writes.
 */
export async function update<T>(store: Store, key: string, change: (current: T | undefined) => T, attempts = 20): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const current = await store.get<T>(key);
    const next = change(current?.value);
    const written = await store.put(key, next, current ? { kind: 'if-version', version: current.version } : { kind: 'if-absent' });
    if (written !== undefined) return next;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)));
  }
  throw new Error(`Could not update ${key}: too much contention`);
}
