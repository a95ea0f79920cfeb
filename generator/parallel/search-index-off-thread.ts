import type { CollectionKey } from '../../core/collections.ts';
import { oneShotWorker } from './one-shot-worker.ts';

export interface SearchIndexJob {
  /** Every collection's summary list, as JSON. */
  lists: Partial<Record<CollectionKey, string>>;
  /** The file of the index dist/ holds, when it was written by this generator and can be patched (search-index-patch.ts). */
  previous?: string;
}

/**
 * Builds the search index on a thread of its own: indexing 10,000 records whole costs a
 * few hundred milliseconds, which then overlap the writing of the other files instead of
 * adding to it.
 */
export const searchIndexOffThread = (
  lists: Record<CollectionKey, string>,
  previous?: string,
): Promise<Uint8Array> =>
  oneShotWorker(new URL('./search-index-worker.mjs', import.meta.url), {
    lists,
    previous,
  } satisfies SearchIndexJob);
