import { createHash } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { PROJECT_DIR } from '../model/generator.ts';
import type {
  AppendableText,
  KeyedStore,
  ShardedOpenOptions,
  ShardedStore,
  TextStore,
  TextStores,
} from '../model/stores.ts';
import { type BuildCache, openBuildCache } from './build-cache.ts';
import { openKeyedLog } from './keyed-log.ts';
import { openShardedLog } from './sharded-log.ts';
import { replaceFile } from '../../core/replace-file.ts';

/**
 * Everything a cached build keeps for the next, in one folder (docs/caching.md): this
 * module alone knows where each store lives and opens it, and hands each stage a view of
 * its own, named by the stage (model/stores.ts). The stages decide what they keep and
 * when they save it; none of them opens a file of the cache.
 */
export interface BuildState {
  /** load/: each content file's analysis under its source, and the last analysis of each file. */
  readonly analyses: BuildCache;
  /** load/: each content file's state when a build last read it, by absolute path. */
  fileStates<State>(): KeyedStore<State>;
  /** render/: what the last build of the output folder kept of its records (render/record-signatures.ts). */
  readonly records: AppendableText;
  /** write/: the manifest of what the output folder holds (write/dist-manifest.ts). */
  readonly dist: ManifestFiles;
}

/** The stores of one output folder's manifest, kept apart for each output folder a cache serves. */
export interface ManifestFiles {
  /** The small file that says what the folder was built from; replaced whole at the end of each write. */
  readonly header: TextStore;
  /** Where the header is, for a server that follows the builds of the folder (server/follow-builds.ts). */
  readonly headerFile: string;
  /** One entry per file of the folder, as written. */
  entries<Entry>(options: ShardedOpenOptions): ShardedStore<Entry>;
  /** One entry per folder of the output folder, as a write left it. */
  folders<State>(options: ShardedOpenOptions): ShardedStore<State>;
  /** The lists of parts of the files of parts, each in a file of its own. */
  readonly partLists: TextStores;
  /** The folder that holds a hard link to each file of the output folder (write/dist-links.ts). */
  readonly links: string;
}

export interface BuildStateOptions {
  /**
   * Whether builds come back to this state, so its logs are worth keeping. Not for a state
   * that one build uses and throws away (--no-cache): keeping them costs that build time on
   * its main thread for nothing.
   */
  keepLogs?: boolean;
}

/** Where `npm run build` and `npm start` keep what they build with unless told otherwise. */
export const DEFAULT_CACHE_DIR = path.join(PROJECT_DIR, 'node_modules', '.cache', 'content-build');

/** The state kept in `cacheDir` for builds of `outDir`. Stores are opened when first asked for. */
export function openBuildState(
  cacheDir: string,
  outDir: string,
  { keepLogs = true }: BuildStateOptions = {},
): BuildState {
  const analyses = openBuildCache(cacheDir, { keepLogs });
  const base = manifestBase(cacheDir, outDir);
  return {
    analyses,
    fileStates: <State>() => openKeyedLog<State>(path.join(cacheDir, 'file-states.log')),
    // Beside the manifest it goes with: two output folders built from one cache each keep their own.
    records: appendableFile(`${base}.records.txt`),
    dist: manifestFiles(base),
  };
}

/** The manifest's files of `outDir`, under the cache's `outputs/`, named by a hash of the folder's absolute path. */
const manifestBase = (cacheDir: string, outDir: string) =>
  path.join(
    cacheDir,
    'outputs',
    createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16),
  );

function manifestFiles(base: string): ManifestFiles {
  const partsDir = `${base}.parts`;
  // The entries' single logs of an older layout, which nothing reads any more.
  for (const old of ['files', 'folders']) rmSync(`${base}.${old}.log`, { force: true });
  return {
    header: textFile(`${base}.json`),
    headerFile: `${base}.json`,
    // In shards: after an edit a write reads those of the few files and folders it touches.
    entries: <Entry>(options: ShardedOpenOptions) =>
      openShardedLog<Entry>(`${base}.files`, options),
    folders: <State>(options: ShardedOpenOptions) =>
      openShardedLog<State>(`${base}.folders`, options),
    partLists: {
      read: (name) => readText(path.join(partsDir, `${encodeURIComponent(name)}.json`)),
      write: (name, text) =>
        replaceFile(path.join(partsDir, `${encodeURIComponent(name)}.json`), text),
    },
    links: `${base}.links`,
  };
}

function textFile(file: string): TextStore {
  return { read: () => readText(file), write: (text) => replaceFile(file, text) };
}

function appendableFile(file: string): AppendableText {
  return {
    ...textFile(file),
    append(text, { head, bytes }) {
      if (statSync(file, { throwIfNoEntry: false })?.size !== bytes) return false;
      if (readHead(file, Buffer.byteLength(head)) !== head) return false;
      appendFileSync(file, text);
      return true;
    },
  };
}

/** The first `bytes` bytes of the file, as text. */
function readHead(file: string, bytes: number): string {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(bytes);
    return head.toString('utf8', 0, readSync(fd, head, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
