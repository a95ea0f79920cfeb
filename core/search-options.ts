import type { Options, SearchOptions } from 'minisearch';
import type { CollectionKey } from './collections.ts';
import type { Summary } from './summary.ts';

/**
 * MiniSearch settings shared by the build (which serializes the index) and the search
 * function (which loads it): MiniSearch.loadJSON needs the same options it was built with.
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

export const SEARCH_INDEX_OPTIONS: Options<SearchDocument> = {
  idField: 'id',
  fields: ['title', 'summary'],
  storeFields: [...SEARCH_STORE_FIELDS],
};

export const SEARCH_DEFAULTS: SearchOptions = {
  boost: { title: 3 },
  prefix: true,
  combineWith: 'AND',
};

/** Queries longer than this are refused: no real search needs more, and it bounds the work per request. */
export const MAX_QUERY_LENGTH = 512;
