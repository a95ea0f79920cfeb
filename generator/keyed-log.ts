import { appendFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { replaceFile } from './replace-file.ts';

/**
 * A map of JSON values kept in one file of lines, appended to: `key<TAB>json` sets a key,
 * `key` alone deletes it, and the last line for a key wins. Saving appends only what
 * changed since, so a build that changes a few of tens of thousands of entries writes a
 * few lines rather than the whole map; once most of the file is outdated lines it is
 * written afresh, whole or not at all (replaceFile). A last line cut short (a process stopped in
 * the middle of an append) is ignored. Values are parsed when first asked for.
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
  /** Each value as its line's JSON until it is asked for, then parsed. */
  const entries = new Map<string, { json: string; value?: Value }>();
  /** Characters in the file, and in the lines of its live entries; and the file's size in bytes, as this map left it. */
  let fileSize = 0;
  let liveSize = 0;
  let fileBytes = 0;
  const lineSize = (key: string, json: string) => key.length + json.length + 2;
  let text = '';
  try {
    const bytes = readFileSync(file);
    fileBytes = bytes.length;
    text = bytes.toString();
  } catch {
    // No file yet: an empty map.
  }
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start);
    if (end < 0) break;
    const tab = text.indexOf('\t', start);
    if (tab < 0 || tab > end) entries.delete(text.slice(start, end));
    else entries.set(text.slice(start, tab), { json: text.slice(tab + 1, end) });
    start = end + 1;
  }
  fileSize = text.length;
  for (const [key, { json }] of entries) liveSize += lineSize(key, json);
  /** A last line cut short: appending after it would join the next line to it, so the next save writes the file afresh. */
  let torn = text.length > 0 && !text.endsWith('\n');
  /** Keys set or deleted since the last save. */
  const changed = new Set<string>();
  const lineOf = (key: string) => {
    const entry = entries.get(key);
    return entry ? `${key}\t${entry.json}\n` : `${key}\n`;
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (!('value' in entry)) {
        try {
          entry.value = JSON.parse(entry.json) as Value;
        } catch {
          // A damaged line: as if the key were not there.
          liveSize -= lineSize(key, entry.json);
          entries.delete(key);
          return undefined;
        }
      }
      return entry.value;
    },
    has: (key) => entries.has(key),
    set(key, value) {
      if (/[\t\n]/.test(key)) throw new Error(`A key of ${path.basename(file)} holds a tab or a line break: ${JSON.stringify(key)}`);
      const before = entries.get(key);
      if (before) liveSize -= lineSize(key, before.json);
      const json = JSON.stringify(value);
      entries.set(key, { json, value });
      liveSize += lineSize(key, json);
      changed.add(key);
    },
    delete(key) {
      const before = entries.get(key);
      if (!before) return;
      liveSize -= lineSize(key, before.json);
      entries.delete(key);
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
