import MiniSearch, { type SearchResult } from 'minisearch';
import {
  SEARCH_DEFAULTS,
  SEARCH_INDEX_OPTIONS,
  type SearchDocument,
} from '../core/search-options.ts';

/** What the search endpoint returns per match: a Summary plus its collection. */
export type SearchHit = Omit<SearchDocument, 'id'>;

/** Terms beyond this many are ignored for the same reason. */
export const MAX_QUERY_TERMS = 24;

// MiniSearch's default tokenizer: runs of anything but letters, numbers and marks separate terms.
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}\p{S}\p{C}]+/u;

export function queryTerms(query: string): string[] {
  const terms = query.toLowerCase().split(SPACE_OR_PUNCTUATION).filter(Boolean);
  return [...new Set(terms)].slice(0, MAX_QUERY_TERMS);
}

/**
 * Search over the build's serialized index. The rules (docs/decisions.md): every term must match
 * (a term also matches the words it begins); every record whose title matches all terms
 * ranks above one whose title matches only some, which ranks above a summary-only match;
 * within a tier, MiniSearch's BM25 score (title boosted) decides, then the title.
 */
export function createSearch(indexJson: string) {
  const index = MiniSearch.loadJSON<SearchDocument>(indexJson, SEARCH_INDEX_OPTIONS);

  const titleTier = (result: SearchResult, terms: string[]): number => {
    const inTitle = terms.filter((term) =>
      Object.entries(result.match).some(
        ([docTerm, fields]) => docTerm.startsWith(term) && fields.includes('title'),
      ),
    ).length;
    return inTitle === terms.length ? 0 : inTitle > 0 ? 1 : 2;
  };

  return {
    documentCount: index.documentCount,
    search(query: string, limit: number): SearchHit[] {
      const terms = queryTerms(query);
      if (terms.length === 0) return [];
      const results = index.search(terms.join(' '), SEARCH_DEFAULTS);
      return results
        .map((result) => ({ result, tier: titleTier(result, terms) }))
        .sort(
          (a, b) =>
            a.tier - b.tier ||
            b.result.score - a.result.score ||
            String(a.result.title).localeCompare(String(b.result.title)) ||
            String(a.result.id).localeCompare(String(b.result.id)),
        )
        .slice(0, limit)
        .map(({ result }) => {
          const { collection, slug, title, category, summary, url, lastUpdated } =
            result as unknown as SearchDocument;
          return {
            collection,
            slug,
            title,
            category,
            summary,
            url,
            lastUpdated,
          };
        });
    },
  };
}
