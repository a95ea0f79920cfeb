import MiniSearch, { type SearchResult } from 'minisearch';
import {
  SEARCH_DEFAULTS,
  SEARCH_INDEX_OPTIONS,
  type SearchDocument,
} from '../../core/search-options.ts';
import {
  byRules,
  byTitle,
  hitOf,
  queryTerms,
  type SearchHit,
  tierOf,
} from '../../core/search-ranking.ts';

/**
 * The search's rules (core/search-ranking.ts) over a MiniSearch index of `documents` held
 * whole in memory: what the static index's search must find, in its order, and score to
 * the last bit. Two things MiniSearch leaves to the order documents were added in are set
 * as the static index has them: each field's average length is the exact mean, where
 * MiniSearch keeps a running average; and the terms are in code-unit order, the order in
 * which a prefix's matches are summed.
 */
export function wholeIndexSearch(documents: SearchDocument[]) {
  const built = new MiniSearch<SearchDocument>(SEARCH_INDEX_OPTIONS);
  built.addAll(documents);
  const plain = built.toJSON();
  const totals = plain.averageFieldLength.map(() => 0);
  for (const lengths of Object.values(plain.fieldLength))
    for (const [field, length] of lengths.entries()) totals[field]! += length ?? 0;
  const index = MiniSearch.loadJS<SearchDocument>(
    {
      ...plain,
      averageFieldLength: totals.map((total) => total / documents.length),
      index: plain.index.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    },
    SEARCH_INDEX_OPTIONS,
  );
  return {
    index,
    search: (query: string, limit: number): SearchHit[] =>
      rankedResults(index, query, limit).map((result) => hitOf(result)),
  };
}

function titleTier(result: SearchResult, terms: string[]): number {
  const inTitle = terms.filter((term) =>
    Object.entries(result.match).some(
      ([docTerm, fields]) => docTerm.startsWith(term) && fields.includes('title'),
    ),
  ).length;
  return tierOf(inTitle, terms.length);
}

/** The best `limit` matches of `query` by the rules, best first: MiniSearch's own search, ranked. */
function rankedResults(
  index: MiniSearch<SearchDocument>,
  query: string,
  limit: number,
): SearchResult[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  return index
    .search(terms.join(' '), SEARCH_DEFAULTS)
    .map((result) => ({ result, score: result.score, tier: titleTier(result, terms) }))
    .sort(byRules((a, b) => byTitle(a.result, b.result)))
    .slice(0, limit)
    .map(({ result }) => result);
}
