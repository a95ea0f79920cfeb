import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files a process writes beside the real ones (a temporary file before its rename, a lock)
 * carry its process id, so the files of a process that died can be told from those of a
 * live one and removed: one machine, one process table.
 */
export const temporaryName = (file: string) => `${file}.${process.pid}.${randomUUID()}.tmp`;

const pidOfTemporary = (name: string) => Number(/\.(\d+)\.[0-9a-f-]{36}\.tmp$/.exec(name)?.[1]);

export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock holds its owner's process id; an empty one (its owner died before writing) counts as stale once it is old. */
export async function lockIsStale(lock: string, staleMs: number): Promise<boolean> {
  const [text, info] = await Promise.all([
    readFile(lock, 'utf8').catch(() => undefined),
    stat(lock).catch(() => undefined),
  ]);
  if (text === undefined || !info) return false;
  if (text.trim() !== '') return !processAlive(Number(text));
  return Date.now() - info.mtimeMs > staleMs;
}

/**
 * Removes the temporary files and locks that processes which no longer run left under
 * `dir` (a crash between writing and renaming, or while holding a lock). Returns how many.
 */
export async function removeLeftovers(dir: string, lockStaleMs: number): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stale = entry.name.endsWith('.tmp')
      ? !processAlive(pidOfTemporary(entry.name))
      : entry.name.endsWith('.lock') && (await lockIsStale(file, lockStaleMs));
    if (stale) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
