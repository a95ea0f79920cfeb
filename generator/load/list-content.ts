import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file under `dir`, as sorted paths relative to it with `/` between segments, dot
 * files included; symbolic links to files and folders are followed (once per folder, so a
 * link back up ends). One recursive readdir, with nothing to match: every file of the
 * folder is wanted.
 */
export async function listContent(dir: string): Promise<string[]> {
  const files: string[] = [];
  await listInto(path.resolve(dir), '', files, new Set());
  return files.sort();
}

/** `dir` is absolute and normalized: every entry's parentPath then starts with it. */
async function listInto(
  dir: string,
  prefix: string,
  files: string[],
  visited: Set<string>,
): Promise<void> {
  visited.add(await realpath(dir));
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const folder = entry.parentPath.slice(dir.length + 1);
    const relative =
      prefix + (folder ? `${folder.split(path.sep).join('/')}/${entry.name}` : entry.name);
    if (entry.isFile()) files.push(relative);
    else if (entry.isSymbolicLink()) {
      const target = path.join(entry.parentPath, entry.name);
      const info = await stat(target).catch(() => undefined);
      if (info?.isFile()) files.push(relative);
      else if (info?.isDirectory() && !visited.has(await realpath(target)))
        await listInto(target, `${relative}/`, files, visited);
    }
  }
}

/**
 * A function giving a path of listContent's under `dir` as path.join would, by
 * concatenation where the separator is `/`: listContent's paths need no normalizing, and
 * a build makes one for every content file.
 */
export function pathsUnder(dir: string): (relative: string) => string {
  if (path.sep !== '/') return (relative) => path.join(dir, relative);
  const prefix = dir === '' ? '' : path.join(dir, '/');
  return (relative) => prefix + relative;
}

/** Whether fast-glob's default would skip the path: some segment of it starts with a dot. */
export const isHidden = (relative: string): boolean =>
  relative.startsWith('.') || relative.includes('/.');
