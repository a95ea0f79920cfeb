import { readdirSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { onThread } from '../parallel/thread-pool.ts';
import { worthAThread } from '../parallel/worth-a-thread.ts';
import type { FolderState, ManifestDirectories, ManifestEntries } from './dist-manifest.ts';

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
 * What the check reads of the manifest: each listed file's size and modification time,
 * and each recorded folder's state. Made from the manifest the build has read already, in
 * a form that crosses to another thread as one cheap message (the names in one string,
 * the numbers in one typed array, moved rather than copied): a thread that read the
 * manifest's files again spent 150 ms of its time at 10,000 records parsing 4.6 MB of
 * lines, beside a build that needs both cores.
 */
export interface CheckList {
  /** The files' names, then the folders', each ended by a NUL (which no path holds). */
  names: string;
  files: number;
  folders: number;
  /** Each file's size and modification time, then each folder's FolderState. */
  numbers: Float64Array<ArrayBuffer>;
}

export function checkListOf(
  listed: Pick<ManifestEntries, 'entries' | 'size'>,
  folders?: Pick<ManifestDirectories, 'entries' | 'size'>,
): CheckList {
  const files = listed.size;
  const folderCount = folders?.size ?? 0;
  const numbers = new Float64Array(2 * (files + folderCount));
  let names = '';
  let at = 0;
  // Indexes and one growing string: this runs once a build, before the code is optimized. Destructuring each entry (the
  // interpreter goes through the iterator protocol) and joining an array of the names took 16 ms at 10,000 records, this 5.
  for (const entry of listed.entries()) {
    names += `${entry[0]}\0`;
    numbers[at++] = entry[1][1];
    numbers[at++] = entry[1][2];
  }
  for (const entry of folders?.entries() ?? []) {
    names += `${entry[0]}\0`;
    numbers[at++] = entry[1][0];
    numbers[at++] = entry[1][1];
  }
  return { names, files, folders: folderCount, numbers };
}

/**
 * Checks dist/ against its manifest, on a thread of its own when there are many files: the
 * stats then overlap the reading and rendering of the content instead of adding to the
 * write. The list's numbers are moved to that thread, not copied.
 */
export const checkDistSoon = (root: string, list: CheckList): Promise<DistCheck> =>
  worthAThread(list.files)
    ? onThread<CheckJob, DistCheck>('check-dist', { root, list }, [list.numbers.buffer])
    : Promise.resolve(checkDist(root, list));

interface CheckJob {
  root: string;
  list: CheckList;
}

/** The check as a worker thread runs it (parallel/worker.ts). */
export const checkDistJob = ({ root, list }: CheckJob): DistCheck => checkDist(root, list);

/**
 * A stat of each listed file, and a look for files nobody listed: what a cached build must
 * know before it trusts a file to be as it was left. A folder holds no file nobody listed
 * while its modification time (which any file put in it, removed or renamed changes) is the
 * one the last write left it with: only the others are read, and a folder the manifest
 * does not know is read whole. Without recorded folders, or with a quarter of them to
 * read, all of dist/ is walked. At 10,000 records a stat of each of 10,000 folders costs a
 * third of a walk of dist/.
 */
export function checkDist(root: string, list: CheckList): DistCheck {
  const check: DistCheck = { altered: [], missing: [], unlisted: [], read: [] };
  const names = list.names.split('\0');
  const { numbers } = list;
  // Names in dist/ are normalized and `/`-separated: joined by concatenation (40,000 path.join calls cost 50 ms).
  const at =
    path.sep === '/'
      ? (name: string) => (name ? `${root}/${name}` : root)
      : (name: string) => path.join(root, name);
  for (let i = 0; i < list.files; i++) {
    const file = names[i]!;
    const info = statSync(at(file), { throwIfNoEntry: false });
    if (!info) {
      check.altered.push(file);
      check.missing.push(file);
    } else if (
      !info.isFile() ||
      info.size !== numbers[2 * i] ||
      info.mtimeMs !== numbers[2 * i + 1]
    )
      check.altered.push(file);
  }
  const toRead: string[] = [];
  for (let i = list.files; i < list.files + list.folders; i++) {
    const info = statSync(at(names[i]!), { throwIfNoEntry: false });
    if (!info?.isDirectory() || !unchanged([numbers[2 * i]!, numbers[2 * i + 1]!], info.mtimeMs))
      toRead.push(names[i]!);
  }
  check.read = toRead;
  const listed = new Set(names.slice(0, list.files));
  // One walk of all of dist/ costs less than reading a quarter of its folders one by one (the first check after a whole write finds them all too recent).
  if (!list.folders || toRead.length > list.folders / 4) {
    for (const entry of everyEntry(root, true))
      if (!entry.isDirectory() && !listed.has(nameOf(root, entry)))
        check.unlisted.push(nameOf(root, entry));
  } else {
    const folders = new Set(names.slice(list.files, list.files + list.folders));
    for (const folder of toRead) unlistedIn(root, folder, listed, folders, check.unlisted);
  }
  return check;
}

/**
 * As for content files (content-reader.ts), a folder changed within this long of being
 * recorded could change again within the same timestamp step: it is read, not trusted.
 */
const RACY_MS = 3000;

const unchanged = ([mtimeMs, recordedAt]: FolderState, now: number) =>
  now === mtimeMs && recordedAt - mtimeMs >= RACY_MS;

/** The files in `folder` (a name in dist/, `` for dist/ itself) that nobody listed, and all files in folders it holds that the manifest does not know. */
function unlistedIn(
  root: string,
  folder: string,
  listed: ReadonlySet<string>,
  folders: ReadonlySet<string>,
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

/** An entry under root as a name in dist/: always below root, so no path.relative (30,000 calls cost 0.1 s). */
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
