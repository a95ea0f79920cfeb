import type { CollectionKey } from '../../core/collections.ts';
import { paths, type UrlPath } from '../../core/paths.ts';

/** Cards per page of a collection: a page of thousands of cards is slow to open, and slow to render again after each edit. */
export const CARDS_PER_PAGE = 100;

/** How many pages a collection of this many records takes: one at least, empty or not. */
export const collectionPageCount = (records: number): number =>
  Math.max(1, Math.ceil(records / CARDS_PER_PAGE));

/** The paths of a collection's pages, first to last. */
export const collectionPagePaths = (key: CollectionKey, records: number): UrlPath[] =>
  Array.from({ length: collectionPageCount(records) }, (_, i) => paths.collectionPage(key, i + 1));

/** The folder of dist/ with data for the functions (summary lists, search index, page templates): never served. */
export const DATA_DIR = '_data';
