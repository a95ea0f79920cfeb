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
export function searchIndexJson(summariesOf: (key: CollectionKey) => Summary[], previous?: Uint8Array): Buffer {
  const documents = searchDocuments(summariesOf);
  return (previous && patchSearchIndex(previous, documents)) || wholeIndex(documents);
}

/**
 * Every record as the index holds it, collection by collection. Each collection's
 * summaries are asked for in turn, so a caller can make them one at a time.
 */
export function searchDocuments(summariesOf: (key: CollectionKey) => Summary[]): SearchDocument[] {
  return COLLECTION_KEYS.flatMap((key) => summariesOf(key).map((summary) => ({ id: `${key}/${summary.slug}`, collection: key, ...summary })));
}

/** A MiniSearch index of these documents alone, as plain data: the index of all, or the part of one. */
export function indexOf(documents: SearchDocument[]): AsPlainObject {
  const index = new MiniSearch<SearchDocument>(SEARCH_INDEX_OPTIONS);
  index.addAll(documents);
  return index.toJSON();
}

function wholeIndex(documents: SearchDocument[]): Buffer {
  const plain = indexOf(documents);
  const entries = (record: Record<string, unknown>) => Object.entries(record).map(([id, value]) => objectEntry(id, value));
  return indexLayout(plain.fieldIds, {
    documentIds: entries(plain.documentIds),
    fieldLength: entries(plain.fieldLength),
    storedFields: entries(plain.storedFields),
    index: plain.index.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map((entry) => JSON.stringify(entry)),
  });
}

/** One entry of an object keyed by short document id, as its line holds it. */
export const objectEntry = (shortId: string | number, value: unknown): string => `${JSON.stringify(String(shortId))}:${JSON.stringify(value)}`;

/** The four parts of the index with a line per entry, each entry as its line holds it (without the comma after it). */
export interface IndexLines {
  documentIds: string[];
  fieldLength: string[];
  storedFields: string[];
  index: string[];
}

/** Entries are made bytes this many at a time: the index never exists as one string (at 50,000 records 34 MB, held in two bytes a character). */
const CHUNK = 2000;

/**
 * MiniSearch's serialization (version 2), as JSON.stringify gives it but for a line break
 * before each entry of the four large parts and before each part's closing bracket. The
 * document count, the next id and the averages follow from the entries: a whole index
 * and a patched one have the same, and MiniSearch's running average (which depends on
 * the order documents were added and removed in) is not kept.
 */
export function indexLayout(fieldIds: Record<string, number>, lines: IndexLines): Buffer {
  const count = lines.documentIds.length;
  const totals = Object.values(fieldIds).map(() => 0);
  for (let start = 0; start < count; start += CHUNK) {
    const lengths = JSON.parse(`{${lines.fieldLength.slice(start, start + CHUNK).join(',')}}`) as Record<string, (number | null)[]>;
    for (const entry of Object.values(lengths)) entry.forEach((length, field) => (totals[field]! += length ?? 0));
  }
  const averages = totals.map((total) => (count ? total / count : 0));
  const pieces: Buffer[] = [];
  const part = (open: string, entries: string[], close: string) => {
    pieces.push(Buffer.from(open));
    for (let start = 0; start < entries.length; start += CHUNK) pieces.push(Buffer.from(`${start ? ',' : ''}\n${entries.slice(start, start + CHUNK).join(',\n')}`));
    pieces.push(Buffer.from(`\n${close}`));
  };
  part(`{"documentCount":${count},"nextId":${count},"documentIds":{`, lines.documentIds, '}');
  part(`,"fieldIds":${JSON.stringify(fieldIds)},"fieldLength":{`, lines.fieldLength, '}');
  part(`,"averageFieldLength":${JSON.stringify(averages)},"storedFields":{`, lines.storedFields, '}');
  part(',"dirtCount":0,"index":[', lines.index, ']');
  pieces.push(Buffer.from(',"serializationVersion":2}'));
  return Buffer.concat(pieces);
}
