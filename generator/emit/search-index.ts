import MiniSearch from 'minisearch';
import { COLLECTION_KEYS, type CollectionKey } from '../../core/collections.ts';
import { SEARCH_INDEX_OPTIONS, type SearchDocument } from '../../core/search-options.ts';
import type { Summary } from '../../core/summary.ts';
import { jsonBytes } from './json-bytes.ts';

/** The serialized MiniSearch index over every collection's titles and summaries, loaded once per function instance. */
export function searchIndexJson(summaries: Record<CollectionKey, Summary[]>): Buffer {
  // Only the plain form is kept: the index itself can be collected while the text is made.
  return jsonBytes(indexOf(summaries).toJSON() as unknown as Record<string, unknown>);
}

function indexOf(summaries: Record<CollectionKey, Summary[]>): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(SEARCH_INDEX_OPTIONS);
  index.addAll(COLLECTION_KEYS.flatMap((key) => summaries[key].map((summary) => ({ id: `${key}/${summary.slug}`, collection: key, ...summary }))));
  return index;
}
