import path from 'node:path';

/** Where the one-machine service keeps submissions and mail: DATA_DIR, default .data/ in the project. */
export function dataDir(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(env.DATA_DIR ?? path.join(import.meta.dirname, '..', '.data'));
}
