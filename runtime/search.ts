import MiniSearch from 'minisearch';
import { byTitle, hitOf, rankedResults, type SearchHit } from '../core/search-ranking.ts';
import { SEARCH_INDEX_OPTIONS, type SearchDocument } from '../core/search-options.ts';

/**
 * Search over the build's serialized index, by the rules of core/search-ranking.ts; ties
 * are broken by the title and the id the index stores.
 */
export function createSearch(indexJson: string) {
  const index = MiniSearch.loadJSON<SearchDocument>(indexJson, SEARCH_INDEX_OPTIONS);
  return {
    documentCount: index.documentCount,
    search(query: string, limit: number): SearchHit[] {
      return rankedResults(index, query, limit, byTitle).map((result) => hitOf(result));
    },
  };
}
