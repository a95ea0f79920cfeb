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
import { replaceFile } from './replace-file.ts';

/**
 * A map of JSON values kept in one file of lines, appended to: `["key",value],` sets a key,
 * `["key"],` deletes it, and the last line for a key wins. Saving appends only what
 * changed since, so a build that changes a few of tens of thousands of entries writes a
 * few lines rather than the whole map; once most of the file is outdated lines it is
 * written afresh, whole or not at all (replaceFile). The lines, put between brackets, are
 * one JSON array, read in one JSON.parse: one call a line costs several times as much, and
 * the file's text would otherwise stay in memory under its keys. The file is read into a buffer with room for the brackets, so its
 * text is decoded once, not decoded and then copied again into a string with them. A last
 * line cut short (a process stopped in the middle of an append) and a damaged line are
 * ignored.
 */
export type KeyedLog<Value> = KeyedStore<Value>;

/** A file this many times the size of its live lines (and a little more) is written afresh at the next save. */
const MAX_SIZE_PER_LIVE = 2;
const SLACK = 65_536;

export function openKeyedLog<Value>(
  file: string,
  { empty = false }: OpenOptions = {},
): KeyedLog<Value> {
  const read = empty ? undefined : readFramed(file);
  const { entries, wholeSize, deadSize, sound } = readLines<Value>(
    read ?? { framed: Buffer.alloc(3), size: 0 },
  );
  /** The file's size in bytes as this map left it, and the bytes of the lines of its live entries. */
  let fileSize = read?.size ?? 0;
  let liveSize = wholeSize - deadSize;
  /** A last line cut short (appending after it would join the next line to it), a damaged line, or lines not read: the next save writes the file afresh. */
  let torn = !sound || empty;
  /** Keys set or deleted since the last save: their lines in the file no longer count as live. */
  const changed = new Set<string>();
  const lineOf = (key: string) =>
    `${JSON.stringify(entries.has(key) ? [key, entries.get(key)] : [key])},\n`;
  // A line's size is worked out again from its entry only when the entry changes, rather than kept for each of tens of thousands.
  const forget = (key: string) => {
    if (!changed.has(key) && entries.has(key)) liveSize -= lineSize([key, entries.get(key)]);
  };
  return {
    get: (key) => entries.get(key),
    has: (key) => entries.has(key),
    set(key, value) {
      forget(key);
      entries.set(key, value);
      changed.add(key);
    },
    delete(key) {
      if (!entries.has(key)) return;
      forget(key);
      entries.delete(key);
      changed.add(key);
    },
    keys: () => entries.keys(),
    entries: () => entries.entries(),
    get size() {
      return entries.size;
    },
    save() {
      if (!changed.size && !torn) return;
      const lines = [...changed].map((key) => {
        const line = lineOf(key);
        if (entries.has(key)) liveSize += Buffer.byteLength(line);
        return line;
      });
      const appended = lines.join('');
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

/**
 * The file's bytes after a byte of room, with two more after them (readLines puts the
 * brackets there); undefined when there is no file.
 */
function readFramed(file: string): Framed | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const expected = fstatSync(fd).size;
    const framed = Buffer.allocUnsafe(expected + 3);
    let size = 0;
    for (let got = -1; got !== 0 && size < expected; size += got)
      got = readSync(fd, framed, 1 + size, expected - size, size);
    return { framed, size };
  } finally {
    closeSync(fd);
  }
}

/** A file's `size` bytes, from offset 1 of `framed`, which has at least three bytes more. */
interface Framed {
  framed: Buffer;
  size: number;
}

/**
 * The entries the lines leave, the bytes of the whole lines and of those no longer live
 * (outdated by a later line, or deleting), and whether every line was whole and sound.
 * Should a line be damaged (the one JSON.parse fails), each line is parsed alone and the
 * damaged ones dropped. The bytes after the whole lines (a last line cut short) are
 * overwritten.
 */
function readLines<Value>({ framed, size }: Framed): {
  entries: Map<string, Value>;
  wholeSize: number;
  deadSize: number;
  sound: boolean;
} {
  framed[0] = 0x5b;
  // The file's byte i is framed's byte i + 1: the whole lines end where the last newline is, in the file's count.
  const wholeSize = Math.max(framed.lastIndexOf(0x0a, size), 0);
  let count = 0;
  for (
    let at = framed.indexOf(0x0a, 1);
    at >= 0 && at <= wholeSize;
    at = framed.indexOf(0x0a, at + 1)
  )
    count++;
  // Every whole line ends with a comma: a last element of 0 closes the array.
  framed[wholeSize + 1] = 0x30;
  framed[wholeSize + 2] = 0x5d;
  let lines: unknown[] | undefined;
  try {
    lines = JSON.parse(framed.toString('utf8', 0, wholeSize + 3)) as unknown[];
    if (lines.length !== count + 1) lines = undefined;
  } catch {
    lines = undefined;
  }
  if (!lines) {
    lines = [];
    for (
      let start = 1, end = framed.indexOf(0x0a, start);
      end >= 0 && end <= wholeSize;
      start = end + 1, end = framed.indexOf(0x0a, start)
    ) {
      try {
        lines.push(JSON.parse(framed.toString('utf8', start, end).replace(/,$/, '')) as unknown);
      } catch {
        lines.push(undefined);
      }
    }
    lines.push(0);
  }
  const entries = new Map<string, Value>();
  let deadSize = 0;
  let sound = wholeSize === size;
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i];
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
