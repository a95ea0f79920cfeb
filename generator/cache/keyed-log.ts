import {
  appendFileSync,
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import type { KeyedStore, OpenOptions } from '../model/stores.ts';
import { replaceFile } from '../../core/replace-file.ts';

/**
 * A map of JSON values kept in one file of lines, appended to: `["key",value],` sets a key,
 * `["key"],` deletes it, and the last line for a key wins. Saving appends only what
 * changed since, so a build that changes a few of tens of thousands of entries writes a
 * few lines rather than the whole map; once most of the file is outdated lines it is
 * written afresh, whole or not at all (replaceFile). A last line cut short (a process
 * stopped in the middle of an append) and a damaged line are ignored.
 *
 * Read whole, the file is read a piece of whole lines at a time, through one buffer, and
 * each piece's lines, put between brackets, are one JSON array, read in one JSON.parse: one
 * call a line costs several times as much. Neither the file's bytes nor its text are ever
 * in memory whole: a store of tens of megabytes would otherwise take as much memory again
 * as its bytes, and twice that as text that is not all ASCII, only to be parsed and let go.
 * Memory a process takes afresh costs a page fault for each page it touches first, and a
 * piece's text, unlike a whole file's, is made where short-lived objects reuse the same pages.
 *
 * Read by key (`byKey`), only the keys are read at first, each with where its line is in
 * the file's bytes, which stay in memory; a value is parsed when first asked for. That is
 * for a map of which a build asks a few entries (the manifest of dist/ after an edit):
 * tens of thousands of values parsed and held for nothing cost the build their parse and
 * then their garbage collection. Asked for every entry (`entries`), or for more than a
 * share of them one by one, such a map reads the rest whole, as above, and lets the file's
 * bytes go. A line whose key reads but whose value is damaged counts until its
 * value is asked for, and is then dropped as any damaged line.
 */
export type KeyedLog<Value> = KeyedStore<Value>;

/** A file read whole is read this many bytes at a time (a line longer than that, whole): a piece's text stays among the young generation's small objects. */
const PIECE = 32 * 1024;

/** A file this many times the size of its live lines (and a little more) is written afresh at the next save. */
const MAX_SIZE_PER_LIVE = 2;
const SLACK = 65_536;

/**
 * Read by key, once this share of the keys has had its value parsed one at a time, the rest
 * are parsed at once: a build that asks for most entries (one after a change of the
 * generator, whose every output changed) parses in one call, and does not hold the file's
 * bytes beside every value.
 */
const ONE_BY_ONE = 1 / 16;

export interface KeyedLogOptions extends OpenOptions {
  /** Values parsed as they are asked for, not all at once (see KeyedLog). */
  byKey?: boolean;
}

export function openKeyedLog<Value>(
  file: string,
  { empty = false, byKey = false }: KeyedLogOptions = {},
): KeyedLog<Value> {
  const read = (byKey && !empty ? readBytes(file) : undefined) ?? { bytes: NO_BYTES, size: 0 };
  const {
    entries,
    wholeSize,
    deadSize,
    sound,
    size,
    at: unread = new Map<string, number>(),
  } = byKey ? indexLines<Value>(read) : readLines<Value>(empty ? undefined : file);
  /** The file's size in bytes as this map left it, and the bytes of the lines of its live entries. */
  let fileSize = size;
  let liveSize = wholeSize - deadSize;
  /** A last line cut short (appending after it would join the next line to it), a damaged line, or lines not read: the next save writes the file afresh. */
  let torn = !sound || empty;
  /** Keys set or deleted since the last save: their lines in the file no longer count as live. */
  const changed = new Set<string>();

  /** The value of a key whose line is not parsed yet, now parsed; a damaged one is dropped. */
  const parse = (key: string, start: number): Value | undefined => {
    unread.delete(key);
    const value = valueAt(read.bytes, start, key);
    if (value === undefined) {
      liveSize -= lineLength(read.bytes, start);
      entries.delete(key);
      torn = true;
      return undefined;
    }
    entries.set(key, value.value as Value);
    return value.value as Value;
  };
  /** Values parsed one at a time so far. */
  let oneByOne = 0;
  const get = (key: string): Value | undefined => {
    const start = unread.get(key);
    if (start === undefined) return entries.get(key);
    if (++oneByOne <= ONE_BY_ONE * entries.size) return parse(key, start);
    parseAll();
    return entries.get(key);
  };
  /** Parses every line not parsed yet, in one read of the whole file (byKey, once most entries are asked for), and lets the file's bytes go. */
  const parseAll = () => {
    if (!unread.size) return;
    const lines: unknown[] = [];
    parseLines(read.bytes, 0, wholeSize, lines);
    const whole = entriesOf<Value>(lines, wholeSize, true).entries;
    for (const [key, start] of unread) {
      const value = whole.get(key);
      if (value === undefined) parse(key, start);
      else entries.set(key, value);
    }
    unread.clear();
    // No line is read from them any more: held with every value, they would only add to a build's peak.
    read.bytes = NO_BYTES;
  };
  const lineOf = (key: string) => {
    const start = unread.get(key);
    if (start !== undefined)
      return read.bytes.toString('utf8', start, start + lineLength(read.bytes, start));
    return `${JSON.stringify(entries.has(key) ? [key, entries.get(key)] : [key])},\n`;
  };
  // A line's size is worked out again from its entry only when the entry changes, rather than kept for each of tens of thousands.
  const forget = (key: string) => {
    if (changed.has(key) || !entries.has(key)) return;
    const start = unread.get(key);
    liveSize -=
      start === undefined ? lineSize([key, entries.get(key)]) : lineLength(read.bytes, start);
  };
  return {
    get,
    has: (key) => entries.has(key),
    set(key, value) {
      forget(key);
      unread.delete(key);
      entries.set(key, value);
      changed.add(key);
    },
    delete(key) {
      if (!entries.has(key)) return;
      forget(key);
      unread.delete(key);
      entries.delete(key);
      changed.add(key);
    },
    keys: () => entries.keys(),
    entries() {
      parseAll();
      return entries.entries();
    },
    get size() {
      return entries.size;
    },
    save() {
      if (!changed.size && !torn) return;
      const appendedLines = [...changed].map((key) => {
        const line = lineOf(key);
        if (entries.has(key)) liveSize += Buffer.byteLength(line);
        return line;
      });
      const appended = appendedLines.join('');
      const appendedSize = Buffer.byteLength(appended);
      // A file no longer as this map left it (removed, cut, or written by another process) is written afresh from the map.
      const elsewhere = (statSync(file, { throwIfNoEntry: false })?.size ?? 0) !== fileSize;
      if (torn || elsewhere || fileSize + appendedSize > MAX_SIZE_PER_LIVE * liveSize + SLACK) {
        const whole = [...entries.keys()].map(lineOf).join('');
        replaceFile(file, whole);
        fileSize = liveSize = Buffer.byteLength(whole);
        torn = false;
      } else {
        mkdirSync(path.dirname(file), { recursive: true });
        appendFileSync(file, appended);
        fileSize += appendedSize;
      }
      changed.clear();
    },
  };
}

/** A line as read: a key and its value, or a key alone (deleted). */
type Line = [key: string, value?: unknown];

/** The size in bytes of an entry's line, as a save writes it (a value read from a line gives that line again). */
const lineSize = (line: Line) => Buffer.byteLength(JSON.stringify(line)) + 2;

/** The size in bytes of the line that starts at `start` in `bytes`, its newline included. */
const lineLength = (bytes: Buffer, start: number) => bytes.indexOf(0x0a, start) + 1 - start;

/** The bytes of a file not read, or let go. */
const NO_BYTES = Buffer.alloc(0);

/** A file's bytes, read whole (by key, its lines are read from them when asked for). */
interface FileBytes {
  bytes: Buffer;
  size: number;
}

/** The bytes of the file's whole lines, in a file of `size` bytes: up to its last newline. */
const wholeLines = (bytes: Buffer, size: number) =>
  size ? bytes.lastIndexOf(0x0a, size - 1) + 1 : 0;

/** What `read` gives of the file, open; undefined when there is no file. */
function withOpenFile<T>(file: string, read: (fd: number) => T): T | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    return read(fd);
  } finally {
    closeSync(fd);
  }
}

/** The file's bytes; undefined when there is no file. */
const readBytes = (file: string): FileBytes | undefined =>
  withOpenFile(file, (fd) => {
    const expected = fstatSync(fd).size;
    const bytes = Buffer.allocUnsafe(expected);
    let size = 0;
    for (let got = -1; got !== 0 && size < expected; size += got)
      got = readSync(fd, bytes, size, expected - size, size);
    return { bytes, size };
  });

/**
 * Hands `take` the file's whole lines, a piece at a time, in one buffer (`bytes[0, end)`,
 * written over by the next piece), and returns the file's size; undefined when there is
 * no file. The bytes after the last newline (a last line cut short) are never handed.
 */
function readPieces(file: string, take: (bytes: Buffer, end: number) => void): number | undefined {
  return withOpenFile(file, (fd) => {
    let bytes = Buffer.allocUnsafe(PIECE);
    let filled = 0;
    let size = 0;
    for (;;) {
      const got = readSync(fd, bytes, filled, bytes.length - filled, size);
      size += got;
      filled += got;
      const end = wholeLines(bytes, filled);
      if (end) {
        take(bytes, end);
        bytes.copyWithin(0, end, filled);
        filled -= end;
      } else if (filled === bytes.length) {
        // A line longer than the buffer: read on into one twice as large.
        const larger = Buffer.allocUnsafe(2 * bytes.length);
        bytes.copy(larger, 0, 0, filled);
        bytes = larger;
      }
      if (got === 0) return size;
    }
  });
}

/**
 * Parses the whole lines `bytes[start, end)` into `lines`, one element a line: in one
 * JSON.parse, or, should a line be damaged (that JSON.parse fails), each line alone, a
 * damaged one as undefined.
 */
function parseLines(bytes: Buffer, start: number, end: number, lines: unknown[]): void {
  if (end <= start) return;
  let count = 0;
  for (let at = bytes.indexOf(0x0a, start); at >= 0 && at < end; at = bytes.indexOf(0x0a, at + 1))
    count++;
  try {
    // Every whole line ends with a comma and a newline: the last one's are left out.
    const parsed = JSON.parse(`[${bytes.toString('utf8', start, end - 2)}]`) as unknown[];
    if (parsed.length === count) {
      for (const line of parsed) lines.push(line);
      return;
    }
  } catch {
    // Some line is damaged: each is parsed alone below, and only the damaged ones dropped.
  }
  for (
    let from = start, to = bytes.indexOf(0x0a, from);
    from < end;
    from = to + 1, to = bytes.indexOf(0x0a, from)
  ) {
    try {
      lines.push(JSON.parse(bytes.toString('utf8', from, to).replace(/,$/, '')) as unknown);
    } catch {
      lines.push(undefined);
    }
  }
}

/** What reading a file's lines gives: the live entries, the bytes of the whole lines and of those no longer live, and whether every line was whole and sound. */
interface ReadLines<Value> {
  entries: Map<string, Value>;
  /** The file's size in bytes. */
  size: number;
  wholeSize: number;
  deadSize: number;
  sound: boolean;
  /** Read by key: where the line of each key whose value is not parsed yet starts in the file's bytes. */
  at?: Map<string, number>;
}

/** The entries the file's lines leave, read a piece at a time (readPieces); none without a file. */
function readLines<Value>(file: string | undefined): ReadLines<Value> {
  const lines: unknown[] = [];
  let wholeSize = 0;
  const size =
    file === undefined
      ? 0
      : (readPieces(file, (bytes, end) => {
          parseLines(bytes, 0, end, lines);
          wholeSize += end;
        }) ?? 0);
  return { ...entriesOf<Value>(lines, wholeSize, wholeSize === size), size };
}

/** The entries these parsed lines leave, the last line for a key winning, and the bytes of the lines no longer live; a line not of our shape is damaged. */
function entriesOf<Value>(
  lines: readonly unknown[],
  wholeSize: number,
  whole: boolean,
): Pick<ReadLines<Value>, 'entries' | 'wholeSize' | 'deadSize' | 'sound'> {
  const entries = new Map<string, Value>();
  let deadSize = 0;
  let sound = whole;
  for (const line of lines) {
    if (!Array.isArray(line) || typeof line[0] !== 'string' || line.length > 2) {
      sound = false;
      continue;
    }
    const key = (line as Line)[0];
    // Outdated lines (rare: only after appends) are sized again; live ones are counted in the whole.
    if (entries.has(key)) deadSize += lineSize([key, entries.get(key)]);
    // Deleted first: a key set again goes to the end, as in the file.
    entries.delete(key);
    if (line.length === 2) entries.set(key, line[1] as Value);
    else deadSize += lineSize(line as Line);
  }
  // Damaged lines are not live either.
  if (!sound)
    deadSize = wholeSize - [...entries].reduce((sum, entry) => sum + lineSize(entry as Line), 0);
  return { entries, wholeSize, deadSize, sound };
}

/**
 * The keys the lines leave, each with where its line starts in `bytes`, and no value
 * parsed (`entries` is empty, in the keys' order, until values are parsed into it). A line
 * whose key cannot be read is damaged, and dropped.
 */
function indexLines<Value>(read: FileBytes): ReadLines<Value> {
  const { bytes, size } = read;
  const wholeSize = wholeLines(bytes, size);
  const entries = new Map<string, Value>();
  const at = new Map<string, number>();
  let deadSize = 0;
  let sound = wholeSize === size;
  /** The first backslash at or after the line read, or -1: most keys have none, and are then read without looking at each byte. */
  let backslash = bytes.indexOf(0x5c);
  for (
    let start = 0, end = bytes.indexOf(0x0a, start);
    end >= 0 && end < wholeSize;
    start = end + 1, end = bytes.indexOf(0x0a, start)
  ) {
    if (backslash >= 0 && backslash < start) backslash = bytes.indexOf(0x5c, start);
    const quote = closingQuote(bytes, start, end, backslash >= 0 && backslash < end);
    let key: string | undefined;
    try {
      key =
        quote < 0
          ? undefined
          : backslash >= 0 && backslash < quote
            ? (JSON.parse(bytes.toString('utf8', start + 1, quote + 1)) as string)
            : bytes.toString('utf8', start + 2, quote);
    } catch {
      key = undefined;
    }
    if (key === undefined) {
      sound = false;
      deadSize += end + 1 - start;
      continue;
    }
    const before = at.get(key);
    if (before !== undefined) {
      deadSize += lineLength(bytes, before);
      // Deleted first: a key set again goes to the end, as in the file.
      at.delete(key);
      entries.delete(key);
    }
    // `["key"],`: the key deleted.
    if (bytes[quote + 1] === 0x5d && quote + 3 === end) deadSize += end + 1 - start;
    else {
      at.set(key, start);
      // Held in the order of the file, its value parsed when first asked for.
      entries.set(key, undefined as Value);
    }
  }
  return { entries, size, wholeSize, deadSize, sound, at };
}

/**
 * Where the key of the line `bytes[start, end)` (without its newline) ends, at its closing
 * quote; -1 when the line is not one of ours: `["`, the key, `"`, then `,` and a value or
 * `]`, and `],` to end the line. `escaped`: the line holds a backslash, which may escape a quote.
 */
function closingQuote(bytes: Buffer, start: number, end: number, escaped: boolean): number {
  if (bytes[start] !== 0x5b || bytes[start + 1] !== 0x22) return -1;
  if (bytes[end - 1] !== 0x2c || bytes[end - 2] !== 0x5d) return -1;
  let quote = start + 2;
  if (!escaped) quote = bytes.indexOf(0x22, quote);
  else for (; quote < end && bytes[quote] !== 0x22; quote++) if (bytes[quote] === 0x5c) quote++;
  const after = bytes[quote + 1];
  return quote < 0 || quote >= end || (after !== 0x2c && after !== 0x5d) ? -1 : quote;
}

/** The value of the line that starts at `start` in `bytes`, if it is the line of `key` and sound. */
function valueAt(bytes: Buffer, start: number, key: string): { value: unknown } | undefined {
  const end = bytes.indexOf(0x0a, start);
  try {
    const line = JSON.parse(bytes.toString('utf8', start, end - 1)) as unknown;
    return Array.isArray(line) && line.length === 2 && line[0] === key
      ? { value: line[1] }
      : undefined;
  } catch {
    return undefined;
  }
}
