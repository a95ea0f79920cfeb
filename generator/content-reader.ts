import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { replaceFile } from './replace-file.ts';

/**
 * Reads the content folder's files for one build, each at most once: the analysis takes
 * a file's text and digest, the inputs hash (build-inputs.ts) the same digest again.
 */
export interface ContentReader {
  /**
   * The file's digest, and its bytes when this call read them (decoded only by who needs
   * the text: most files of a build come from the cache); undefined when it cannot be read.
   */
  read(file: string): { digest: string; bytes?: Buffer } | undefined;
  /** Keeps, for the next build, the state of each file this build read, and forgets the others (deleted, renamed). */
  saveStates(): void;
}

export const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

/** A file as it was when last read: what of its inode any change to it changes, and its digest. */
type FileState = [size: number, mtimeMs: number, ctimeMs: number, ino: number, digest: string];

/**
 * A file changed within this long of being read could change again with the same
 * timestamps (file systems count time in steps of up to two seconds), so its state is not
 * kept: the next build reads it, as git treats a "racily clean" file.
 */
const RACY_MS = 3000;

const stateOf = (info: Stats, digest: string): FileState => [info.size, info.mtimeMs, info.ctimeMs, info.ino, digest];

const unchanged = (known: FileState, info: Stats) => known[0] === info.size && known[1] === info.mtimeMs && known[2] === info.ctimeMs && known[3] === info.ino;

/**
 * Content files' states as the last build read them: kept in a file for the next process,
 * and here for the next build of this one (npm run dev reads the file once, not per rebuild).
 */
export interface FileStates {
  file: string;
  known: Map<string, FileState>;
}

export function fileStates(file: string): FileStates {
  try {
    return { file, known: new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, FileState>)) };
  } catch {
    return { file, known: new Map() };
  }
}

/**
 * With `states`, a file whose size, modification and change times and inode are those it
 * had when a build last read it is taken as unchanged without being read: that is how a
 * build after a one-record edit reads one file, not ten thousand. The change time cannot
 * be set back by any tool (copying with times kept, `touch -d`, a checkout), so any write
 * to a file shows. Without it, every file is read and hashed.
 */
export function contentReader({ states, racyMs = RACY_MS }: { states?: FileStates; racyMs?: number } = {}): ContentReader {
  const now = new Map<string, FileState | undefined>();
  const digests = new Map<string, string>();
  /** Whether some file had to be read: only then can the states differ from those known (or when a known file was not asked for). */
  let readAny = false;
  return {
    read(file) {
      const seen = digests.get(file);
      if (seen) return { digest: seen };
      const name = path.resolve(file);
      const info = states ? statSync(name, { throwIfNoEntry: false }) : undefined;
      const state = info && states!.known.get(name);
      if (state && unchanged(state, info)) {
        digests.set(file, state[4]);
        now.set(name, state);
        return { digest: state[4] };
      }
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
      if (info) now.set(name, Date.now() - Math.floor(Math.max(info.mtimeMs, info.ctimeMs)) >= racyMs ? stateOf(info, digest) : undefined);
      return { digest, bytes };
    },
    saveStates() {
      if (!states || (!readAny && now.size === states.known.size)) return;
      states.known = new Map([...now].filter((entry): entry is [string, FileState] => entry[1] !== undefined));
      replaceFile(states.file, JSON.stringify(Object.fromEntries(states.known)));
    },
  };
}
