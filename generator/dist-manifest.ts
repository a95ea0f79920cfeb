import { readFileSync } from 'node:fs';
import { openKeyedLog, type KeyedLog, type KeyedLogOptions } from './keyed-log.ts';
import { replaceFile } from './replace-file.ts';

/**
 * What dist/ holds, as the last in-place write left it: in a small file, what it was built
 * from (the inputs hash, the generator), and in a keyed log beside it (keyed-log.ts, so a
 * write after an edit appends a few lines), per file the key it was written under (a lazy
 * output's signature, else a hash of the content), its size, its modification time and,
 * for a file of parts, each part's key and length in bytes. The log is saved before the
 * small file: a write that stops between the two leaves the old inputs, so dist/ is taken
 * to be stale, never up to date.
 */
export interface ManifestHeader {
  outDir: string;
  inputs?: string;
  /** The generator that wrote dist/ (generator-fingerprint.mjs): only its own files can be patched rather than made anew. */
  generator?: string;
}

export type ManifestEntry = [key: string, size: number, mtimeMs: number, parts?: [key: string, bytes: number][]];

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

export const writeManifest = (file: string, header: ManifestHeader): void => replaceFile(file, JSON.stringify(header));

/** The files of the manifest `file` (outputManifestFile), kept beside it. */
export const manifestEntries = (file: string, options?: KeyedLogOptions): ManifestEntries => openKeyedLog<ManifestEntry>(file.replace(/(\.json)?$/, '.files.log'), options);

/** The folders of the manifest `file`, kept beside it. */
export const manifestDirectories = (file: string, options?: KeyedLogOptions): ManifestDirectories => openKeyedLog<FolderState>(file.replace(/(\.json)?$/, '.folders.log'), options);
