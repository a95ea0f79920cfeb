import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openKeyedLog, type KeyedLog, type KeyedLogOptions } from '../cache/keyed-log.ts';
import { replaceFile } from '../cache/replace-file.ts';

/**
 * What dist/ holds, as the last in-place write left it: in a small file, what it was built
 * from (the inputs hash, the generator), and in a keyed log beside it (keyed-log.ts, so a
 * write after an edit appends a few lines), per file the key it was written under (a lazy
 * output's signature, else a hash of the content), its size, its modification time and,
 * for a file of parts, a digest of its parts' keys and lengths (kept beside, PartLists).
 * The small file stops naming the inputs before the first change to dist/, and names the
 * new ones once the write is done, after the log is saved: a write that stops halfway
 * leaves dist/ taken to be stale, never up to date, even should the content go back to
 * what the old inputs name.
 */
export interface ManifestHeader {
  outDir: string;
  inputs?: string;
  /** The generator that wrote dist/ (generator-fingerprint.mjs): only its own files can be patched rather than made anew. */
  generator?: string;
  /** What the build that wrote dist/ counted (its records, by collection): the summary of a build that then finds nothing to do. */
  counts?: Record<string, number>;
  /** How many files dist/ holds, and their bytes. */
  files?: number;
  bytes?: number;
  /** dist/ itself as the write left it: while it is the same, the manifest is taken at its word (FolderStamp). */
  stamp?: FolderStamp;
}

/**
 * A folder's inode and modification time. Replacing dist/ (a --no-cache build swaps in a
 * new folder, a deploy links it back from the cache) changes the first; adding, removing
 * or renaming anything right in it (`touch dist` too) changes the second.
 */
export interface FolderStamp {
  inode: number;
  mtimeMs: number;
}

export type ManifestEntry = [key: string, size: number, mtimeMs: number, parts?: string];

/** A file of parts as written: each part's key and length in bytes, in order. */
export type PartList = [key: string, bytes: number][];

export type ManifestEntries = KeyedLog<ManifestEntry>;

/** A folder of dist/ as a write left it: its modification time, and when that was recorded. */
export type FolderState = [mtimeMs: number, recordedAt: number];

/** dist/'s folders (names in dist/, `` for dist/ itself): a folder whose time is as recorded holds no file the manifest does not list (dist-check.ts). */
export type ManifestDirectories = KeyedLog<FolderState>;

/** What `outDir` was last built from, if this file holds it (a cache may serve several output folders, each with its own file). */
export function readManifest(file: string, outDir: string): ManifestHeader | undefined {
  try {
    const header = JSON.parse(readFileSync(file, 'utf8')) as ManifestHeader;
    return header.outDir === outDir ? header : undefined;
  } catch {
    return undefined;
  }
}

export const writeManifest = (file: string, header: ManifestHeader): void =>
  replaceFile(file, JSON.stringify(header));

/** The files of the manifest `file` (outputManifestFile), kept beside it. */
export const manifestEntries = (file: string, options?: KeyedLogOptions): ManifestEntries =>
  openKeyedLog<ManifestEntry>(file.replace(/(\.json)?$/, '.files.log'), options);

/** The folders of the manifest `file`, kept beside it. */
export const manifestDirectories = (file: string, options?: KeyedLogOptions): ManifestDirectories =>
  openKeyedLog<FolderState>(file.replace(/(\.json)?$/, '.folders.log'), options);

/**
 * The parts of the files of parts (llms-full.txt: a key and a length for each twin), each
 * list as its JSON text in a file of its own, in a folder beside the manifest, written
 * whole when its file is written. In the manifest's log, every write of llms-full.txt
 * would append a line as long as the list, and the log, which every build reads whole,
 * would be mostly such lines; in one file of all lists, each list's text would be escaped
 * into it again at every write. A file's entry holds a
 * digest of its list: a list and an entry left by different writes (a process stopped
 * between the two) are never taken together.
 */
export interface PartLists {
  /** The file's parts, if the list kept is the one with this digest. */
  get(file: string, digest: string): PartList | undefined;
  /** Keeps the file's parts (written at once), and gives the digest its entry is to hold. */
  set(file: string, parts: PartList): string;
}

export function partLists(manifestFile: string): PartLists {
  const listsDir = manifestFile.replace(/(\.json)?$/, '.parts');
  const listFile = (file: string) => path.join(listsDir, `${encodeURIComponent(file)}.json`);
  const digestOf = (text: string) => hash('sha1', text, 'base64url');
  return {
    get(file, digest) {
      try {
        // Read as the text its digest is made from, parsed only once that matches.
        const text = readFileSync(listFile(file), 'utf8');
        if (digestOf(text) !== digest) return undefined;
        const parts = JSON.parse(text) as unknown;
        return Array.isArray(parts) ? (parts as PartList) : undefined;
      } catch {
        return undefined;
      }
    },
    set(file, parts) {
      const text = JSON.stringify(parts);
      replaceFile(listFile(file), text);
      return digestOf(text);
    },
  };
}
