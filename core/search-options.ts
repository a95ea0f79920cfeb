import type { Options, SearchOptions } from 'minisearch';
import type { CollectionKey } from './collections.ts';
import type { Summary } from './summary.ts';

/**
 * MiniSearch settings shared by the build, which indexes the records with them, and the
 * search over the static index it writes, which scores the fields they name and returns
 * the fields they store (core/score-entries.ts, core/search-ranking.ts).
 */
export const SEARCH_STORE_FIELDS = [
  'collection',
  'slug',
  'title',
  'category',
  'summary',
  'url',
  'lastUpdated',
] as const;

/** One indexed record: its Summary plus the collection it belongs to. */
export interface SearchDocument extends Summary {
  id: string;
  collection: CollectionKey;
}

/** The fields searched, in the order MiniSearch scores them. */
export const SEARCH_FIELDS = ['title', 'summary'] as const;

export const SEARCH_INDEX_OPTIONS: Options<SearchDocument> = {
  idField: 'id',
  fields: [...SEARCH_FIELDS],
  storeFields: [...SEARCH_STORE_FIELDS],
};

/**
 * How a search scores and combines its terms. The weights and BM25's parameters are
 * MiniSearch's own defaults, written out because the browser's scoring of the static
 * index (core/score-entries.ts) reads them too.
 */
export const SEARCH_DEFAULTS = {
  boost: { title: 3 },
  prefix: true,
  combineWith: 'AND',
  weights: { fuzzy: 0.45, prefix: 0.375 },
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
} as const satisfies SearchOptions;

/** Queries longer than this are refused: no real search needs more, and it bounds the work per request. */
export const MAX_QUERY_LENGTH = 512;
