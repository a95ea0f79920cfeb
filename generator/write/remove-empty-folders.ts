import { readdirSync, rmdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Folders under `root` left empty by deleted files (a deleted record's page folder), deepest first, up to `root` itself. */
export function removeEmptyFolders(root: string, deleted: readonly string[]): void {
  const folders = new Set<string>();
  for (const file of deleted) {
    for (let dir = path.dirname(file); dir.startsWith(root + path.sep); dir = path.dirname(dir))
      folders.add(dir);
  }
  for (const dir of [...folders].sort((a, b) => b.length - a.length)) {
    // Gone already: a record deleted ahead of the build took its folder.
    if (statSync(dir, { throwIfNoEntry: false }) && readdirSync(dir).length === 0) rmdirSync(dir);
  }
}
