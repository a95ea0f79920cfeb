import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { KeyedStore } from '../model/stores.ts';
import { listContent } from './list-content.ts';

/**
 * Reads the content folder's files for one build, each at most once: the analysis takes
 * a file's text and digest, the inputs hash (build-inputs.ts) the same digest again.
 */
export interface ContentReader {
  /**
   * The file's digest, and its bytes when this call read them (decoded only by who needs
   * the text: most files of a build come from the cache); undefined when it cannot be read.
   * An absolute path is taken as it is, not normalized again: the build gives normalized ones.
   */
  read(file: string): { digest: string; bytes?: Buffer } | undefined;
  /** The file's digest, read if need be; undefined when it cannot be read. No bytes are kept. */
  digest(file: string): string | undefined;
  /**
   * The file's digest, as `digest`; bytes it reads are kept for the next `read` of the file,
   * which hands them over: a build that hashes its inputs before its analysis (build-inputs.ts)
   * analyzes the very bytes it hashed, and reads them once.
   */
  readAndHold(file: string): string | undefined;
  /** The file's digest when it is known without reading the file: as a build last read it (by its state), or read already. */
  known(file: string): string | undefined;
  /** The content folder's files (listContent), listed once a build: the analysis and the inputs hash see the same files. */
  list(dir: string): Promise<string[]>;
  /** Keeps, for the next build, the state of each file this build read, and forgets the others (deleted, renamed). */
  saveStates(): void;
}

export const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

/** A file as it was when last read: what of its inode any change to it changes, and its digest. */
export interface FileState {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  inode: number;
  digest: string;
}

/**
 * A file changed within this long of being read could change again with the same
 * timestamps (file systems count time in steps of up to two seconds), so its state is not
 * kept: the next build reads it, as git treats a "racily clean" file.
 */
const RACY_MS = 3000;

const stateOf = (info: Stats, digest: string): FileState => ({
  size: info.size,
  mtimeMs: info.mtimeMs,
  ctimeMs: info.ctimeMs,
  inode: info.ino,
  digest,
});

const unchanged = (known: FileState, info: Stats) =>
  known.size === info.size &&
  known.mtimeMs === info.mtimeMs &&
  known.ctimeMs === info.ctimeMs &&
  known.inode === info.ino;

const sameState = (a: FileState | undefined, b: FileState) =>
  a !== undefined &&
  a.size === b.size &&
  a.mtimeMs === b.mtimeMs &&
  a.ctimeMs === b.ctimeMs &&
  a.inode === b.inode &&
  a.digest === b.digest;

/**
 * Content files' states as the last build read them, by absolute path: kept for the next
 * process (the build's state keeps them in a keyed log, so a build after an edit appends a
 * line or two), and here for the next build of this one (npm run dev reads them once, not
 * per rebuild).
 */
export type FileStates = KeyedStore<FileState>;

/**
 * With `states`, a file whose size, modification and change times and inode are those it
 * had when a build last read it is taken as unchanged without being read: that is how a
 * build after a one-record edit reads one file, not ten thousand. The change time cannot
 * be set back by any tool (copying with times kept, `touch -d`, a checkout), so any write
 * to a file shows. Without it, every file is read and hashed.
 */
export function contentReader({
  states,
  racyMs = RACY_MS,
}: {
  states?: FileStates;
  racyMs?: number;
} = {}): ContentReader {
  const now = new Map<string, FileState | undefined>();
  const digests = new Map<string, string>();
  /** Whether some file had to be read: only then can the states differ from those known (or when a known file was not asked for). */
  let readAny = false;
  const listings = new Map<string, Promise<string[]>>();
  /** The file's digest when it is known without reading it; else its absolute name and state now, for reading it. */
  const knownOrNot = (file: string): string | { name: string; info?: Stats } => {
    const seen = digests.get(file);
    if (seen) return seen;
    const name = path.isAbsolute(file) ? file : path.resolve(file);
    const info = states ? statSync(name, { throwIfNoEntry: false }) : undefined;
    const state = info && states!.get(name);
    if (state && unchanged(state, info)) {
      digests.set(file, state.digest);
      now.set(name, state);
      return state.digest;
    }
    return { name, info };
  };
  /** Bytes read and held (readAndHold), until the next read of their file takes them. */
  const heldBytes = new Map<string, Buffer>();
  const readNow = (file: string, { name, info }: { name: string; info?: Stats }) => {
    readAny = true;
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      return undefined;
    }
    const digest = digestOf(bytes);
    digests.set(file, digest);
    // Whole milliseconds on both sides: Date.now() has no fraction, file times do, and a file
    // written in the current millisecond would otherwise count as written in the future.
    if (info)
      now.set(
        name,
        Date.now() - Math.floor(Math.max(info.mtimeMs, info.ctimeMs)) >= racyMs
          ? stateOf(info, digest)
          : undefined,
      );
    return { digest, bytes };
  };
  return {
    list(dir) {
      const at = path.resolve(dir);
      let listing = listings.get(at);
      if (!listing) listings.set(at, (listing = listContent(at)));
      return listing;
    },
    read(file) {
      const held = heldBytes.get(file);
      if (held) {
        heldBytes.delete(file);
        return { digest: digests.get(file)!, bytes: held };
      }
      const found = knownOrNot(file);
      return typeof found === 'string' ? { digest: found } : readNow(file, found);
    },
    digest(file) {
      const found = knownOrNot(file);
      return typeof found === 'string' ? found : readNow(file, found)?.digest;
    },
    readAndHold(file) {
      const found = knownOrNot(file);
      if (typeof found === 'string') return found;
      const read = readNow(file, found);
      if (read) heldBytes.set(file, read.bytes);
      return read?.digest;
    },
    known(file) {
      const found = knownOrNot(file);
      return typeof found === 'string' ? found : undefined;
    },
    saveStates() {
      if (!states || (!readAny && now.size === states.size)) return;
      for (const name of [...states.keys()]) if (!now.has(name)) states.delete(name);
      for (const [name, state] of now) {
        if (!state) states.delete(name);
        else if (!sameState(states.get(name), state)) states.set(name, state);
      }
      states.save();
    },
  };
}
