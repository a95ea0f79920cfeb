import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Folders a test file made in the OS temp dir. `test/support/remove-temporary-directories.ts`
 * (a vitest setup file, so it runs in every test file) removes them after the file's own
 * afterAll hooks, once its servers have stopped writing into them.
 */
const created: string[] = [];

/** A fresh folder in the OS temp dir, removed with everything in it when the test file ends. */
export async function temporaryDirectory(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

export async function removeTemporaryDirectories(): Promise<void> {
  const dirs = created.splice(0);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 5 })));
}
