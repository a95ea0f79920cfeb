import { readdirSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { FolderState, ManifestEntries, ManifestFolders } from './dist-manifest.ts';

/**
 * How dist/ differs from what its manifest says the last write left there: files listed
 * but no longer with the size and modification time they were left with (edited by hand),
 * or gone (`missing` too), and files there but not listed (put there by hand, or by a
 * write that stopped before it recorded them). Names are paths in dist/.
 */
export interface DistCheck {
  altered: string[];
  missing: string[];
  unlisted: string[];
  /** The recorded folders that were read (changed, gone, or changed too recently to be trusted): to be recorded again. */
  read: string[];
}

/**
 * A stat of each listed file, and a look for files nobody listed: what a cached build must
 * know before it trusts a file to be as it was left. A folder holds no file nobody listed
 * while its modification time (which any file put in it, removed or renamed changes) is the
 * one the last write left it with: only the others are read, and a folder the manifest
 * does not know is read whole. Without recorded folders, or with a quarter of them to
 * read, all of dist/ is walked: a stat of each folder costs a fraction of a walk.
 */
export function checkDist(
  root: string,
  listed: Pick<ManifestEntries, 'entries' | 'has'>,
  folders?: Pick<ManifestFolders, 'entries' | 'has' | 'size'>,
): DistCheck {
  const check: DistCheck = { altered: [], missing: [], unlisted: [], read: [] };
  // Names in dist/ are normalized and `/`-separated: joined by concatenation, not one path.join for each file.
  const at =
    path.sep === '/'
      ? (name: string) => (name ? `${root}/${name}` : root)
      : (name: string) => path.join(root, name);
  for (const [file, { size, mtimeMs }] of listed.entries()) {
    const info = statSync(at(file), { throwIfNoEntry: false });
    if (!info) {
      check.altered.push(file);
      check.missing.push(file);
    } else if (!info.isFile() || info.size !== size || info.mtimeMs !== mtimeMs)
      check.altered.push(file);
  }
  for (const [folder, state] of folders?.entries() ?? []) {
    const info = statSync(at(folder), { throwIfNoEntry: false });
    if (!info?.isDirectory() || !unchanged(state, info.mtimeMs)) check.read.push(folder);
  }
  // One walk of all of dist/ costs less than reading a quarter of its folders one by one (the first check after a whole write finds them all too recent).
  if (!folders?.size || check.read.length > folders.size / 4) {
    for (const entry of everyEntry(root, true))
      if (!entry.isDirectory() && !listed.has(nameOf(root, entry)))
        check.unlisted.push(nameOf(root, entry));
  } else {
    for (const folder of check.read) unlistedIn(root, folder, listed, folders, check.unlisted);
  }
  return check;
}

/**
 * As for content files (content-reader.ts), a folder changed within this long of being
 * recorded could change again within the same timestamp step: it is read, not trusted.
 */
const RACY_MS = 3000;

const unchanged = ({ mtimeMs, recordedAt }: FolderState, now: number) =>
  now === mtimeMs && recordedAt - mtimeMs >= RACY_MS;

/** The files in `folder` (a name in dist/, `` for dist/ itself) that nobody listed, and all files in folders it holds that the manifest does not know. */
function unlistedIn(
  root: string,
  folder: string,
  listed: Pick<ManifestEntries, 'has'>,
  folders: Pick<ManifestFolders, 'has'>,
  unlisted: string[],
): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(path.join(root, folder), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const name = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!folders.has(name))
        for (const inner of everyEntry(path.join(root, name), true))
          if (!inner.isDirectory()) unlisted.push(nameOf(root, inner));
    } else if (!listed.has(name)) unlisted.push(name);
  }
}

/** Everything under `dir`; nothing when it does not exist (a first build). */
function everyEntry(dir: string, recursive: boolean): Dirent[] {
  try {
    return readdirSync(dir, { recursive, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** An entry under root as a name in dist/: always below root, so no path.relative for each. */
function nameOf(root: string, entry: Dirent): string {
  const name = path.join(entry.parentPath, entry.name).slice(root.length + 1);
  return path.sep === '/' ? name : name.split(path.sep).join('/');
}

/** The folders of dist/ that hold `files` (names in dist/), and dist/ itself (``), each with the folders above it. */
export function foldersOf(files: Iterable<string>): Set<string> {
  const folders = new Set<string>(['']);
  for (const file of files) {
    for (let at = file.lastIndexOf('/'); at > 0; at = file.lastIndexOf('/', at - 1)) {
      const folder = file.slice(0, at);
      if (folders.has(folder)) break;
      folders.add(folder);
    }
  }
  return folders;
}
