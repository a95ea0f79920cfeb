import { createHash } from 'node:crypto';
import { link, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lockIsStale, removeLeftovers, temporaryName } from './leftovers.ts';
import { assertKey, assertPrefix, type Store, type Stored, type WriteCondition } from './store.ts';
import { writeSynced } from './write-synced.ts';

/**
 * The one-machine store: one JSON file per key under a data directory. A write goes to a
 * temporary file that is fsynced and renamed over the old one, so a crash leaves the old
 * or the new value, never a torn file, and a reader (who takes no lock) reads one or the
 * other whole. Conditional writes hold a per-key lock file (created exclusively), which
 * also serializes separate processes such as the CLI. Both carry the writer's process id,
 * so what a killed process left is recognised and removed.
 */
const LOCK_STALE_MS = 10_000;

/** What processes that died left in a file store (temporary files, locks): removed at each start. */
export const removeStoreLeftovers = (dir: string) => removeLeftovers(dir, LOCK_STALE_MS);

const versionOf = (text: string) =>
  createHash('sha256').update(text).digest('base64url').slice(0, 22);

export function createFileStore(dir: string): Store {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(dir, `${key}.json`);
  };

  async function withLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
    const lock = `${file}.lock`;
    await mkdir(path.dirname(file), { recursive: true });
    for (let attempt = 0; ; attempt++) {
      // The lock appears with its owner's pid already in it (written aside, then linked into
      // place, which fails if it exists), so a lock is never found empty after a crash.
      const claim = temporaryName(lock);
      await writeFile(claim, String(process.pid));
      try {
        await link(claim, lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        // A lock left by a process that died is broken, so a crash cannot wedge a key.
        if (await lockIsStale(lock, LOCK_STALE_MS)) await rm(lock, { force: true });
        await new Promise((resolve) => setTimeout(resolve, Math.min(50, 1 + attempt)));
      } finally {
        await rm(claim, { force: true });
      }
    }
    try {
      return await fn();
    } finally {
      await rm(lock, { force: true });
    }
  }

  async function readStored<T>(file: string): Promise<Stored<T> | undefined> {
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    return text === undefined
      ? undefined
      : { value: JSON.parse(text) as T, version: versionOf(text) };
  }

  async function writeAtomically(file: string, text: string): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = temporaryName(file);
    await writeSynced(temporary, text);
    await rename(temporary, file);
  }

  return {
    get: async (key) => readStored(fileOf(key)),

    async put<T>(key: string, value: T, condition: WriteCondition = { kind: 'always' }) {
      const file = fileOf(key);
      const text = `${JSON.stringify(value, null, 2)}\n`;
      if (condition.kind === 'always') {
        await writeAtomically(file, text);
        return versionOf(text);
      }
      return withLock(file, async () => {
        const current = await readStored<T>(file);
        const holds =
          condition.kind === 'if-absent'
            ? current === undefined
            : current?.version === condition.version;
        if (!holds) return undefined;
        await writeAtomically(file, text);
        return versionOf(text);
      });
    },

    async delete(key) {
      const file = fileOf(key);
      await withLock(file, () => rm(file, { force: true }));
    },

    async list(prefix) {
      assertPrefix(prefix);
      const entries = await readdir(path.join(dir, prefix), {
        recursive: true,
        withFileTypes: true,
      }).catch(() => []);
      return entries
        .filter((e) => e.isFile() && e.name.endsWith('.json'))
        .map((e) =>
          path
            .relative(dir, path.join(e.parentPath, e.name))
            .slice(0, -'.json'.length)
            .split(path.sep)
            .join('/'),
        )
        .sort();
    },
  };
}
