import { hash } from 'node:crypto';
import { isCollectionKey } from '../../core/collections.ts';
import { recordKey } from '../model/record-relations.ts';
import type { ShardedOpenOptions, ShardedStore, TextStore, TextStores } from '../model/stores.ts';
import type { WrittenPart } from './write-parts.ts';

/**
 * What dist/ holds, as the last in-place write left it: in a small header, what it was
 * built from (the inputs hash, the generator) and dist/'s stamp; in sharded stores beside
 * it (fileShard: a write after an edit reads and appends to a few shards), an entry per
 * file and one per folder; and a list of parts per file of parts. The header stops naming
 * the inputs before the first change to dist/, and names the new ones once the write is
 * done, after the entries are saved: a write that stops halfway leaves dist/ taken to be
 * stale, never up to date, even should the content go back to what the old inputs name.
 * Where each lives is the build state's business (cache/build-state.ts).
 */
export interface ManifestStore {
  readonly header: TextStore;
  entries(options: ShardedOpenOptions): ManifestEntries;
  folders(options: ShardedOpenOptions): ManifestFolders;
  readonly partLists: TextStores;
}

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
  /** An id of the write, dropped at the first change after it: what a build keeps with its write names it (DistState.lastWrite). */
  write?: string;
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

/** A file of dist/ as written. */
export interface ManifestEntry {
  /** What it was written from: a lazy output's signature, else a hash of its content. */
  key: string;
  size: number;
  mtimeMs: number;
  /** For a file of parts, the digest of its list of parts (PartLists). */
  parts?: string;
}

/**
 * The entries of dist/'s files, kept in shards (fileShard): a write after an edit reads
 * the shards of the records it wrote and the site's, and takes the rest at the manifest's
 * word without reading them.
 */
export type ManifestEntries = ShardedStore<ManifestEntry>;

/** The shard of every file and folder of dist/ that is not a record's own: pages, lists, the search index, assets. */
export const SITE_SHARD = 'site';

/** Records' files are spread over this many shards, so a few records' shards are a small share of the entries. */
const RECORD_SHARDS = 256;

/**
 * The shard of a file of dist/: its record's, for a record's own files (its JSON document
 * `api/v1/<collection>/<slug>.json`, its page `<collection>/<slug>/index.html` and the
 * page's twin beside it: render/record-outputs.ts, recordFiles), else the site's. A write
 * that takes the records' files at the manifest's word looks for stale files in the site's
 * shard and among the files of the records gone (DistState.write): no other output may
 * have a path of this form.
 */
export function fileShard(file: string): string {
  const parts = file.split('/');
  if (parts.length === 4 && parts[0] === 'api' && parts[1] === 'v1' && parts[3]!.endsWith('.json'))
    return recordShard(parts[2]!, parts[3]!.slice(0, -'.json'.length));
  if (parts.length === 3 && (parts[2] === 'index.html' || parts[2] === 'index.html.md'))
    return recordShard(parts[0]!, parts[1]!);
  return SITE_SHARD;
}

/** The shard of a folder of dist/: its record's, for a record's page folder `<collection>/<slug>`, else the site's. */
export function folderShard(folder: string): string {
  const parts = folder.split('/');
  return parts.length === 2 ? recordShard(parts[0]!, parts[1]!) : SITE_SHARD;
}

/** A record's shard, by an FNV-1a hash of `collection/slug`; the site's for any other collection. */
function recordShard(collection: string, slug: string): string {
  if (!isCollectionKey(collection)) return SITE_SHARD;
  let h = 0x811c9dc5;
  const key = recordKey({ collection, slug });
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return `r${((h >>> 0) % RECORD_SHARDS).toString(16).padStart(2, '0')}`;
}

/** A folder of dist/ as a write left it: its modification time, and when that was recorded. */
export interface FolderState {
  mtimeMs: number;
  recordedAt: number;
}

/** dist/'s folders (names in dist/, `` for dist/ itself): a folder whose time is as recorded holds no file the manifest does not list (dist-check.ts). */
export type ManifestFolders = ShardedStore<FolderState>;

/** A file of parts as written: each part's key and length in bytes, in order. */
export type PartList = WrittenPart[];

/** What `outDir` was last built from, if the header holds it (a cache may serve several output folders, each with its own). */
export function readManifest(header: TextStore, outDir: string): ManifestHeader | undefined {
  try {
    const read = JSON.parse(header.read() ?? '') as ManifestHeader;
    return read.outDir === outDir ? read : undefined;
  } catch {
    return undefined;
  }
}

export const writeManifest = (header: TextStore, value: ManifestHeader): void =>
  header.write(JSON.stringify(value));

/**
 * The parts of the files of parts (llms-full.txt: a key and a length for each twin), each
 * list as its JSON text on its own, written whole when its file is written. In the
 * entries' store, every write of llms-full.txt would append a line as long as the list,
 * and that store, which every write reads whole, would be mostly such lines. A file's
 * entry holds a digest of its list: a list and an entry left by different writes (a
 * process stopped between the two) are never taken together.
 */
export interface PartLists {
  /** The file's parts, if the list kept is the one with this digest. */
  get(file: string, digest: string): PartList | undefined;
  /** Keeps the file's parts (written at once), and gives the digest its entry is to hold. */
  set(file: string, parts: PartList): string;
}

export function partLists(lists: TextStores): PartLists {
  const digestOf = (text: string) => hash('sha1', text, 'base64url');
  return {
    get(file, digest) {
      // Read as the text its digest is made from, parsed only once that matches.
      const text = lists.read(file);
      if (text === undefined || digestOf(text) !== digest) return undefined;
      try {
        const parts = JSON.parse(text) as unknown;
        return Array.isArray(parts) ? (parts as PartList) : undefined;
      } catch {
        return undefined;
      }
    },
    set(file, parts) {
      const text = JSON.stringify(parts);
      lists.write(file, text);
      return digestOf(text);
    },
  };
}
