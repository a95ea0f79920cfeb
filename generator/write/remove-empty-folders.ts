import { rmdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Folders under `root` left empty by deleted files (a deleted record's page folder), deepest
 * first, up to `root` itself. Each is removed if it is empty, in one call that fails on a
 * folder with entries: a collection's folder holds thousands, which are not read to learn it
 * is not empty.
 */
export function removeEmptyFolders(root: string, deleted: readonly string[]): void {
  const folders = new Set<string>();
  for (const file of deleted) {
    for (let dir = path.dirname(file); dir.startsWith(root + path.sep); dir = path.dirname(dir))
      folders.add(dir);
  }
  for (const dir of [...folders].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(dir);
    } catch (error) {
      // Not empty, or gone already (a record deleted ahead of the build took its folder).
      const { code } = error as NodeJS.ErrnoException;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOENT') throw error;
    }
  }
}
