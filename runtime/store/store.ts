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

/**
 * A key is `/`-separated segments of lowercase `[a-z0-9._-]`, none of them `.` or `..`.
 * Lowercase only, so two keys never share a file on a case-insensitive file system (the
 * file store on macOS or Windows) while being two blobs on Netlify. Keys are built by
 * `storeKey` from values the caller has validated; a key that breaks the rule is a
 * programming error, not user input.
 */
const SEGMENT = /^[a-z0-9._-]+$/;

function assertSegment(segment: string, key: string): void {
  if (!SEGMENT.test(segment) || segment === '.' || segment === '..')
    throw new Error(`Invalid store key: ${JSON.stringify(key)}`);
}

export function assertKey(key: string): void {
  for (const segment of key.split('/')) assertSegment(segment, key);
}

/** A list prefix is empty or whole segments ending in `/`, so it means the same on every store (a folder). */
export function assertPrefix(prefix: string): void {
  if (prefix === '') return;
  if (!prefix.endsWith('/'))
    throw new Error(`Invalid store prefix: ${JSON.stringify(prefix)} (a prefix ends with /)`);
  assertKey(prefix.slice(0, -1));
}

/**
 * The one way to build a key from parts: each part must be one segment, so an id holding
 * `/`, `..`, capitals or anything outside the alphabet can never reach or shadow another
 * record's key. Validate outside input before it gets here (organization and instance ids
 * are canonical UUIDs by then).
 */
export function storeKey(...segments: string[]): string {
  const key = segments.join('/');
  for (const segment of segments) assertSegment(segment, key);
  return key;
}

/** The prefix that lists every key under these parts. */
export const storePrefix = (...segments: string[]): string => `${storeKey(...segments)}/`;

/**
 * Read-modify-write with retries: `change` gets the current value (or undefined) and
 * returns the next one. Concurrent updaters never lose each other's writes.
 */
export async function update<T>(
  store: Store,
  key: string,
  change: (current: T | undefined) => T,
  attempts = 20,
): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const current = await store.get<T>(key);
    const next = change(current?.value);
    const written = await store.put(
      key,
      next,
      current ? { kind: 'if-version', version: current.version } : { kind: 'if-absent' },
    );
    if (written !== undefined) return next;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)));
  }
  throw new Error(`Could not update ${key}: too much contention`);
}
