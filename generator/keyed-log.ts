import { appendFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { replaceFile } from './replace-file.ts';

/**
 * A map of JSON values kept in one file of lines, appended to: `key<TAB>json` sets a key,
 * `key` alone deletes it, and the last line for a key wins. Saving appends only what
 * changed since, so a build that changes a few of tens of thousands of entries writes a
 * few lines rather than the whole map; once most of the file is outdated lines it is
 * written afresh, whole or not at all (replaceFile). A last line cut short (a process
 * stopped in the middle of an append) is ignored, and so is a line whose JSON is damaged.
 */
export interface KeyedLog<Value> {
  get(key: string): Value | undefined;
  has(key: string): boolean;
  set(key: string, value: Value): void;
  delete(key: string): void;
  keys(): IterableIterator<string>;
  readonly size: number;
  /** Appends the changes made since the file was read or last saved. */
  save(): void;
}

/** A file this many times the size of its live lines (and a little more) is written afresh at the next save. */
const MAX_SIZE_PER_LIVE = 2;
const SLACK = 65_536;

export function openKeyedLog<Value>(file: string): KeyedLog<Value> {
  let text = '';
  /** The file's size in bytes, as this map left it. */
  let fileBytes = 0;
  try {
    const bytes = readFileSync(file);
    fileBytes = bytes.length;
    text = bytes.toString();
  } catch {
    // No file yet: an empty map.
  }
  const { entries, jsonSizes } = readLines<Value>(text);
  /** Characters in the file, and in the lines of its live entries. */
  let fileSize = text.length;
  let liveSize = 0;
  for (const [key, size] of jsonSizes) liveSize += key.length + size + 2;
  /** A last line cut short: appending after it would join the next line to it, so the next save writes the file afresh. */
  let torn = text.length > 0 && !text.endsWith('\n');
  text = '';
  /** Keys set or deleted since the last save. */
  const changed = new Set<string>();
  const lineOf = (key: string) => (entries.has(key) ? `${key}\t${JSON.stringify(entries.get(key))}\n` : `${key}\n`);
  const forget = (key: string) => {
    if (jsonSizes.has(key)) liveSize -= key.length + jsonSizes.get(key)! + 2;
    jsonSizes.delete(key);
  };
  return {
    get: (key) => entries.get(key),
    has: (key) => entries.has(key),
    set(key, value) {
      if (/[\t\n]/.test(key)) throw new Error(`A key of ${path.basename(file)} holds a tab or a line break: ${JSON.stringify(key)}`);
      forget(key);
      entries.set(key, value);
      const size = JSON.stringify(value).length;
      jsonSizes.set(key, size);
      liveSize += key.length + size + 2;
      changed.add(key);
    },
    delete(key) {
      if (!entries.delete(key)) return;
      forget(key);
      changed.add(key);
    },
    keys: () => entries.keys(),
    get size() {
      return entries.size;
    },
    save() {
      if (!changed.size) return;
      const appended = [...changed].map(lineOf).join('');
      // A file no longer as this map left it (removed, cut, or written by another process) is written afresh from the map.
      const elsewhere = (statSync(file, { throwIfNoEntry: false })?.size ?? 0) !== fileBytes;
      if (torn || elsewhere || fileSize + appended.length > MAX_SIZE_PER_LIVE * liveSize + SLACK) {
        const whole = [...entries.keys()].map(lineOf).join('');
        replaceFile(file, whole);
        fileSize = whole.length;
        fileBytes = Buffer.byteLength(whole);
        torn = false;
      } else {
        mkdirSync(path.dirname(file), { recursive: true });
        appendFileSync(file, appended);
        fileSize += appended.length;
        fileBytes += Buffer.byteLength(appended);
      }
      changed.clear();
    },
  };
}

/**
 * The entries the lines leave, and the length of each one's JSON. Every value is parsed in
 * one JSON.parse of them all: tens of thousands of calls, one a line, cost several times
 * as much. Should one line be damaged, each is parsed alone and the damaged ones dropped.
 */
function readLines<Value>(text: string): { entries: Map<string, Value>; jsonSizes: Map<string, number> } {
  const jsons = new Map<string, string>();
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start);
    if (end < 0) break;
    const tab = text.indexOf('\t', start);
    if (tab < 0 || tab > end) jsons.delete(text.slice(start, end));
    else {
      const key = text.slice(start, tab);
      // Deleted first: a key set again goes to the end, as in the file.
      jsons.delete(key);
      jsons.set(key, text.slice(tab + 1, end));
    }
    start = end + 1;
  }
  const entries = new Map<string, Value>();
  const jsonSizes = new Map<string, number>();
  let values: Value[] | undefined;
  try {
    values = JSON.parse(`[${[...jsons.values()].join(',')}]`) as Value[];
    if (values.length !== jsons.size) values = undefined;
  } catch {
    values = undefined;
  }
  let i = 0;
  for (const [key, json] of jsons) {
    let value: Value;
    if (values) value = values[i++]!;
    else {
      try {
        value = JSON.parse(json) as Value;
      } catch {
        continue;
      }
    }
    entries.set(key, value);
    jsonSizes.set(key, json.length);
  }
  return { entries, jsonSizes };
}
