import type { AsPlainObject } from 'minisearch';
import { COLLECTION_KEYS, type CollectionKey } from '../../core/collections.ts';
import type { SearchDocument } from '../../core/search-options.ts';
import type { Summary } from '../../core/summary.ts';
import { indexLayout, indexOf, objectEntry } from './search-index-format.ts';
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
  return indexOfDocuments(searchDocuments(summariesOf), previous);
}

/** The index of `documents` (searchDocuments), patched from `previous` when it can be. */
export function indexOfDocuments(documents: SearchDocument[], previous?: Uint8Array): Buffer {
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

/**
 * The whole index of the documents. Each part of MiniSearch's plain data is let go as soon
 * as its lines are made, and each term's entry is replaced by its line where it stands:
 * the data and its lines are never held at once.
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
