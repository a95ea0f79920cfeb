import MiniSearch, { type AsPlainObject } from 'minisearch';
import { COLLECTION_KEYS, type CollectionKey } from '../../core/collections.ts';
import { SEARCH_INDEX_OPTIONS, type SearchDocument } from '../../core/search-options.ts';
import type { Summary } from '../../core/summary.ts';
import { patchSearchIndex } from './search-index-patch.ts';

/**
 * The serialized MiniSearch index over every collection's titles and summaries, loaded
 * once per function instance (MiniSearch.loadJSON). It is written in one canonical form
 * (indexLayout), whatever way it was made: terms in code-unit order, each average field
 * length the exact mean, and every document's and every term's entry on a line of its own.
 * So after an edit the last index can be patched (search-index-patch.ts: a few lines
 * rewritten, the rest copied) to the very bytes a whole new index would have.
 */
export function searchIndexJson(
  summariesOf: (key: CollectionKey) => Summary[],
  previous?: Uint8Array,
): Buffer {
  const documents = searchDocuments(summariesOf);
  return (previous && patchSearchIndex(previous, documents)) || wholeIndex(documents);
}

/**
 * Every record as the index holds it, collection by collection. Each collection's
 * summaries are asked for in turn, so a caller can make them one at a time.
 */
export function searchDocuments(summariesOf: (key: CollectionKey) => Summary[]): SearchDocument[] {
  return COLLECTION_KEYS.flatMap((key) =>
    summariesOf(key).map((summary) => ({
      id: `${key}/${summary.slug}`,
      collection: key,
      ...summary,
    })),
  );
}

/** A MiniSearch index of these documents alone, as plain data: the index of all, or the part of one. */
export function indexOf(documents: SearchDocument[]): AsPlainObject {
  const index = new MiniSearch<SearchDocument>(SEARCH_INDEX_OPTIONS);
  index.addAll(documents);
  return index.toJSON();
}

/**
 * The whole index of the documents. Each part of MiniSearch's plain data is let go as soon
 * as its lines are made, and each term's entry is replaced by its line where it stands:
 * at 50,000 records, the data and its lines held at once would be a hundred megabytes more.
 */
function wholeIndex(documents: SearchDocument[]): Buffer {
  const plain: Partial<AsPlainObject> = indexOf(documents);
  const { fieldIds } = plain as AsPlainObject;
  const linesOf = (part: 'documentIds' | 'fieldLength' | 'storedFields') => {
    const lines = Object.entries(plain[part]!).map(([id, value]) => objectEntry(id, value));
    delete plain[part];
    return lines;
  };
  const documentIds = linesOf('documentIds');
  const fieldLength = linesOf('fieldLength');
  const storedFields = linesOf('storedFields');
  const terms = plain.index!.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) as unknown as (
    | AsPlainObject['index'][number]
    | string
  )[];
  delete plain.index;
  for (let i = 0; i < terms.length; i++) terms[i] = JSON.stringify(terms[i]);
  return indexLayout(fieldIds, {
    documentIds,
    fieldLength,
    storedFields,
    index: terms as string[],
  });
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

/** Entries are joined this many at a time: the index never exists as one string (at 50,000 records 34 MB, held in two bytes a character). */
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
