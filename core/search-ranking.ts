import { SEARCH_STORE_FIELDS, type SearchDocument } from './search-options.ts';

/**
 * The search's rules, in one place (docs/decisions.md): every term must match (a term also
 * matches the words it begins); every record whose title matches all terms ranks above one
 * whose title matches only some, which ranks above a summary-only match; within a tier,
 * the BM25 score (title boosted) decides, then `byTitle`. The static index's engine
 * (core/static-search.ts) ranks by them, in the functions over its files on disk and in
 * the browser over the files it fetches.
 */

/** What the search endpoint returns per match: a Summary plus its collection. */
export type SearchHit = Omit<SearchDocument, 'id'>;

/** Terms beyond this many are ignored: no real search has more, and each costs a lookup. */
export const MAX_QUERY_TERMS = 24;

// MiniSearch's default tokenizer: runs of anything but letters, numbers and marks separate terms.
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}\p{S}\p{C}]+/u;

export function queryTerms(query: string): string[] {
  const terms = query.toLowerCase().split(SPACE_OR_PUNCTUATION).filter(Boolean);
  return [...new Set(terms)].slice(0, MAX_QUERY_TERMS);
}

/** The tie-break of the rules: the title, then the id. The static index ranks its documents by it at build time. */
export const byTitle = (
  a: { title?: unknown; id: unknown },
  b: { title?: unknown; id: unknown },
): number =>
  String(a.title).localeCompare(String(b.title)) || String(a.id).localeCompare(String(b.id));

/** What the rules order matches by, before the tie-break. */
export interface RankedMatch {
  /** 0 when the title matches every term, 1 when it matches some, 2 when only the summary does. */
  tier: number;
  score: number;
}

/** The tier of a match whose title matches `termsInTitle` of the query's `terms` terms. */
export const tierOf = (termsInTitle: number, terms: number): number =>
  termsInTitle === terms ? 0 : termsInTitle > 0 ? 1 : 2;

/** The rules' order: the tier, then the score, best first, then `tieBreak`. */
export const byRules =
  <T extends RankedMatch>(tieBreak: (a: T, b: T) => number) =>
  (a: T, b: T): number =>
    a.tier - b.tier || b.score - a.score || tieBreak(a, b);

/** A match as the API returns it, from the stored fields of its document: the fields in one order, whatever held them. */
export function hitOf(stored: Record<string, unknown>): SearchHit {
  const hit: Record<string, unknown> = {};
  for (const field of SEARCH_STORE_FIELDS) hit[field] = stored[field];
  return hit as unknown as SearchHit;
}
