import MiniSearch from 'minisearch';
import { COLLECTION_KEYS, type CollectionKey } from '../../core/collections.ts';
import { SEARCH_INDEX_OPTIONS, type SearchDocument } from '../../core/search-options.ts';
import type { Summary } from '../../core/summary.ts';

/** The serialized MiniSearch index over every collection's titles and summaries, loaded once per function instance. */
export function searchIndexJson(summaries: Record<CollectionKey, Summary[]>): string {
  const index = new MiniSearch<SearchDocument>(SEARCH_INDEX_OPTIONS);
  index.addAll(COLLECTION_KEYS.flatMap((key) => summaries[key].map((summary) => ({ id: `${key}/${summary.slug}`, collection: key, ...summary }))));
  return JSON.stringify(index);
}
