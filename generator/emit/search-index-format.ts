import MiniSearch, { type AsPlainObject } from 'minisearch';
import { SEARCH_INDEX_OPTIONS, type SearchDocument } from '../../core/search-options.ts';

/**
 * The search index's one written form, shared by the whole index (search-index.ts) and the
 * patched one (search-index-patch.ts), so that both give the same bytes.
 */

/** A MiniSearch index of these documents alone, as plain data: the index of all, or the part of one. */
export function indexOf(documents: SearchDocument[]): AsPlainObject {
  const index = new MiniSearch<SearchDocument>(SEARCH_INDEX_OPTIONS);
  index.addAll(documents);
  return index.toJSON();
}

/** One entry of an object keyed by short document id, as its line holds it. */
export const objectEntry = (shortId: string | number, value: unknown): string =>
  `${JSON.stringify(String(shortId))}:${JSON.stringify(value)}`;

/**
 * The four parts of the index with a line per entry, each entry as its line holds it
 * (without the comma after it): as text, or as the bytes of an earlier index's line.
 */
export interface IndexLines {
  documentIds: Entry[];
  fieldLength: Entry[];
  storedFields: Entry[];
  index: Entry[];
}

export type Entry = string | Buffer;

/** Entries are joined this many at a time: the index never exists as one string, which V8 may hold in two bytes a character. */
const CHUNK = 2000;

const textOf = (entry: Entry) => (typeof entry === 'string' ? entry : entry.toString());

/** The sum of each field's lengths over the documents, from the lines of fieldLength: what the averages are made of. */
export function fieldTotals(fieldIds: Record<string, number>, fieldLength: Entry[]): number[] {
  const totals = Object.values(fieldIds).map(() => 0);
  for (let start = 0; start < fieldLength.length; start += CHUNK) {
    const lengths = JSON.parse(
      `{${fieldLength
        .slice(start, start + CHUNK)
        .map(textOf)
        .join(',')}}`,
    ) as Record<string, (number | null)[]>;
    for (const entry of Object.values(lengths))
      for (const [field, length] of entry.entries()) totals[field]! += length ?? 0;
  }
  return totals;
}

/**
 * MiniSearch's serialization (version 2), as JSON.stringify gives it but for a line break
 * before each entry of the four large parts and before each part's closing bracket. The
 * document count, the next id and the averages follow from the entries (or, given, from
 * `totals`, the fields' summed lengths): a whole index and a patched one have the same,
 * and MiniSearch's running average (which depends on the order documents were added and
 * removed in) is not kept. Sized first, then written into one buffer of that size.
 */
export function indexLayout(
  fieldIds: Record<string, number>,
  lines: IndexLines,
  totals = fieldTotals(fieldIds, lines.fieldLength),
): Buffer {
  const count = lines.documentIds.length;
  const averages = totals.map((total) => (count ? total / count : 0));
  const parts: [open: string, entries: Entry[], close: string][] = [
    [`{"documentCount":${count},"nextId":${count},"documentIds":{`, lines.documentIds, '}'],
    [`,"fieldIds":${JSON.stringify(fieldIds)},"fieldLength":{`, lines.fieldLength, '}'],
    [`,"averageFieldLength":${JSON.stringify(averages)},"storedFields":{`, lines.storedFields, '}'],
    [',"dirtCount":0,"index":[', lines.index, ']'],
  ];
  const end = ',"serializationVersion":2}';
  // Each entry has a line break before it, and a comma too but for the first; each part's close has a line break.
  let size = Buffer.byteLength(end);
  for (const [open, entries, close] of parts) {
    size +=
      Buffer.byteLength(open) +
      2 * entries.length -
      (entries.length ? 1 : 0) +
      1 +
      Buffer.byteLength(close);
    for (const entry of entries)
      size += typeof entry === 'string' ? Buffer.byteLength(entry) : entry.length;
  }
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const [open, entries, close] of parts) {
    at += bytes.write(open, at);
    for (let i = 0; i < entries.length; i++) {
      if (i) bytes[at++] = 0x2c;
      bytes[at++] = 0x0a;
      const entry = entries[i]!;
      at += typeof entry === 'string' ? bytes.write(entry, at) : entry.copy(bytes, at);
    }
    bytes[at++] = 0x0a;
    at += bytes.write(close, at);
  }
  bytes.write(end, at);
  return bytes;
}

/** The term a line of the index's terms is for: the JSON string after its opening bracket. */
function termOf(line: Buffer): string | undefined {
  if (line[0] !== 0x5b || line[1] !== 0x22) return undefined;
  for (let at = 2; at < line.length; at++) {
    if (line[at] === 0x5c) at++;
    else if (line[at] === 0x22) return JSON.parse(line.toString('utf8', 1, at + 1)) as string;
  }
  return undefined;
}

/**
 * The lines of an index written by indexLayout, entries without their separating comma,
 * and the term of each term's line, or undefined when `text` is not laid out so: four runs
 * of entries, framed by the lines that open and close each part (the first and the last as
 * indexLayout writes them), the terms in code-unit order.
 */
export function indexLines(
  bytes: Buffer,
): (Record<keyof IndexLines, Buffer[]> & { terms: string[]; averages: number[] }) | undefined {
  const runs: Buffer[][] = [];
  const frame: string[] = [];
  let run: Buffer[] | undefined;
  for (let start = 0; start <= bytes.length; ) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    const line = bytes.subarray(start, end);
    start = end + 1;
    // Entries begin with a quoted short id or, for terms, a bracket and a quote; the lines of the frame never do.
    if (line[0] === 0x22 || (line[0] === 0x5b && line[1] === 0x22)) {
      (run ??= []).push(line[line.length - 1] === 0x2c ? line.subarray(0, -1) : line);
      continue;
    }
    if (run) runs.push(run);
    run = undefined;
    frame.push(line.toString());
  }
  if (runs.length !== 4 || frame.length !== 5) return undefined;
  if (!frame[0]!.startsWith('{"documentCount":') || frame[4] !== '],"serializationVersion":2}')
    return undefined;
  const averages = averagesOf(frame[2]!);
  if (!averages) return undefined;
  const [documentIds, fieldLength, storedFields, index] = runs as [
    Buffer[],
    Buffer[],
    Buffer[],
    Buffer[],
  ];
  if (fieldLength.length !== documentIds.length || storedFields.length !== documentIds.length)
    return undefined;
  const terms: string[] = [];
  for (const line of index) {
    const term = termOf(line);
    // Out of order, terms would be merged in at the wrong places: such an index is made whole.
    if (term === undefined || (terms.length && term <= terms.at(-1)!)) return undefined;
    terms.push(term);
  }
  return { documentIds, fieldLength, storedFields, index, terms, averages };
}

/** The averages of the frame's line `},"averageFieldLength":[…],"storedFields":{`, if it is that line. */
function averagesOf(line: string): number[] | undefined {
  const prefix = '},"averageFieldLength":';
  const suffix = ',"storedFields":{';
  if (!line.startsWith(prefix) || !line.endsWith(suffix)) return undefined;
  try {
    const averages = JSON.parse(line.slice(prefix.length, -suffix.length)) as unknown;
    return Array.isArray(averages) && averages.every((average) => typeof average === 'number')
      ? (averages as number[])
      : undefined;
  } catch {
    return undefined;
  }
}
