import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertKey, assertPrefix, type Store, type Stored, type WriteCondition } from './store.ts';

/**
 * The one-machine store: one JSON file per key under a data directory. A write goes to a
 * temporary file that is fsynced and renamed over the old one, so a crash leaves the old
 * or the new value, never a torn file, and a reader (who takes no lock) reads one or the
 * other whole. Conditional writes hold a per-key lock file (created exclusively), which
 * also serializes separate processes such as the CLI.
 */
const LOCK_STALE_MS = 10_000;

const versionOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

export function createFileStore(dir: string): Store {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(dir, `${key}.json`);
  };

  async function withLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
    const lock = `${file}.lock`;
    await mkdir(path.dirname(file), { recursive: true });
    for (let attempt = 0; ; attempt++) {
      try {
        const handle = await open(lock, 'wx');
        await handle.close();
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const info = await stat(lock).catch(() => undefined);
        // A lock left by a process that died is broken after a while, so a crash cannot wedge a key.
        if (info && Date.now() - info.mtimeMs > LOCK_STALE_MS) await rm(lock, { force: true });
        await new Promise((resolve) => setTimeout(resolve, Math.min(50, 1 + attempt)));
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
    return text === undefined ? undefined : { value: JSON.parse(text) as T, version: versionOf(text) };
  }

  async function writeAtomically(file: string, text: string): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
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
        const holds = condition.kind === 'if-absent' ? current === undefined : current?.version === condition.version;
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
      const entries = await readdir(path.join(dir, prefix), { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isFile() && e.name.endsWith('.json'))
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).slice(0, -'.json'.length).split(path.sep).join('/'))
        .sort();
    },
  };
}
