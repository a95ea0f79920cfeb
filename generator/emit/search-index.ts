import MiniSearch from 'minisearch';
import { COLLECTION_KEYS, type CollectionKey } from '../../core/collections.ts';
import { SEARCH_INDEX_OPTIONS, type SearchDocument } from '../../core/search-options.ts';
import type { Summary } from '../../core/summary.ts';
import { jsonBytes } from './json-bytes.ts';

/**
 * The serialized MiniSearch index over every collection's titles and summaries, loaded
 * once per function instance. Each collection's summaries are asked for in turn, so that
 * a caller can make them one at a time and let each go once indexed.
 */
export function searchIndexJson(summariesOf: (key: CollectionKey) => Summary[]): Buffer {
  // Only the plain form is kept: the index itself can be collected while the text is made.
  return jsonBytes(indexOf(summariesOf).toJSON() as unknown as Record<string, unknown>);
}

function indexOf(summariesOf: (key: CollectionKey) => Summary[]): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(SEARCH_INDEX_OPTIONS);
  for (const key of COLLECTION_KEYS) index.addAll(summariesOf(key).map((summary) => ({ id: `${key}/${summary.slug}`, collection: key, ...summary })));
  return index;
}
