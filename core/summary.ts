import { COLLECTIONS, type CollectionKey } from './collections.ts';

/** The compact record of lists and search. */
export interface Summary {
  slug: string;
  title: string;
  category: string;
  summary: string;
  url: string;
  lastUpdated: string;
}

export interface SummaryPage {
  collection: string;
  description: string;
  data: Summary[];
  total: number;
  limit: number;
  offset: number;
}

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 200;

/** One page of a collection's list; the build writes the first, the list function any other. */
export function summaryPage(
  key: CollectionKey,
  summaries: Summary[],
  limit = DEFAULT_PAGE_LIMIT,
  offset = 0,
): SummaryPage {
  return {
    collection: key,
    description: COLLECTIONS[key].description,
    data: summaries.slice(offset, offset + limit),
    total: summaries.length,
    limit,
    offset,
  };
}
