import type { CollectionKey } from '../../core/collections.ts';
import { oneShotWorker } from './one-shot-worker.ts';

/**
 * Builds the search index on a thread of its own, from the JSON of every collection's
 * summary list: indexing 10,000 records costs a few hundred milliseconds, which then
 * overlap the writing of the other files instead of adding to it.
 */
export const searchIndexOffThread = (lists: Record<CollectionKey, string>): Promise<Uint8Array> => oneShotWorker(new URL('./search-index-worker.mjs', import.meta.url), lists);
