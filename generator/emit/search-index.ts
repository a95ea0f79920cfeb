import MiniSearch from 'minisearch';
import { COLLECTION_KEYS, type CollectionKey } from '../../core/collections.ts';
import { SEARCH_INDEX_OPTIONS, type SearchDocument } from '../../core/search-options.ts';
import type { Summary } from '../../core/summary.ts';

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
export function indexOf(documents: SearchDocument[]) {
  const index = new MiniSearch<SearchDocument>(SEARCH_INDEX_OPTIONS);
  index.addAll(documents);
  return index.toJSON();
}

/** One entry of an object keyed by short document id, as the files of stored fields hold it. */
export const objectEntry = (shortId: string | number, value: unknown): string =>
  `${JSON.stringify(String(shortId))}:${JSON.stringify(value)}`;

/** The stored fields of a document, as MiniSearch keeps them: the fields to store that it has, in their order. */
export function storedFieldsOf(document: SearchDocument): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (const field of SEARCH_INDEX_OPTIONS.storeFields ?? []) {
    const value = document[field as keyof SearchDocument];
    if (value !== undefined) stored[field] = value;
  }
  return stored;
}

/**
 * The index of every document, in the pieces the static index is cut from
 * (static-search-index.ts). MiniSearch's running averages (which depend on the order
 * documents were added and removed in) are not kept: the fields' sums are, so a whole
 * index and a patched one have the same exact means.
 */
export interface IndexParts {
  /** Per field id, each document's length in that field (its count of distinct terms there), by short id; 0 where it lacks the field. */
  fieldLength: number[][];
  /** Per field id, the sum of every document's length in it. */
  totals: number[];
  /** Each document's stored fields as its entry in a file of stored fields (objectEntry), by short id. */
  storedFields: string[];
  /** The index's terms, in code-unit order. */
  terms: string[];
  /** Each term's entry, as MiniSearch serializes it, as JSON: in the order of `terms`. */
  entries: string[];
}

/**
 * The whole index of the documents. Each part of MiniSearch's plain data is let go as soon
 * as its entries are made, and each term's entry is replaced by its JSON where it stands:
 * the data and its entries are never held at once.
 */
export function indexParts(documents: SearchDocument[]): IndexParts {
  const plain: Partial<ReturnType<typeof indexOf>> = indexOf(documents);
  const fields = Object.keys(plain.fieldIds!).length;
  const fieldLength = Array.from({ length: fields }, () =>
    new Array<number>(documents.length).fill(0),
  );
  const totals = new Array<number>(fields).fill(0);
  for (const [id, lengths] of Object.entries(plain.fieldLength!))
    for (let field = 0; field < lengths.length; field++) {
      // A hole is a field the document lacks (a summary's fields are all required, so none today).
      const length = lengths[field] ?? 0;
      fieldLength[field]![Number(id)] = length;
      totals[field]! += length;
    }
  delete plain.fieldLength;
  const storedFields = Object.entries(plain.storedFields!).map(([id, value]) =>
    objectEntry(id, value),
  );
  delete plain.storedFields;
  const index = plain.index!.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  delete plain.index;
  const terms = index.map(([term]) => term);
  const entries = index as unknown as string[];
  for (let i = 0; i < index.length; i++) entries[i] = JSON.stringify(index[i]);
  return { fieldLength, totals, storedFields, terms, entries };
}
