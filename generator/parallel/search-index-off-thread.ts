import { Worker } from 'node:worker_threads';
import type { CollectionKey } from '../../core/collections.ts';

/**
 * Builds the search index on a thread of its own, from the JSON of every collection's
 * summary list: indexing 10,000 records costs a few hundred milliseconds, which then
 * overlap the writing of the other files instead of adding to it.
 */
export function searchIndexOffThread(lists: Record<CollectionKey, string>): Promise<Uint8Array> {
  const worker = new Worker(new URL('./search-index-worker.mjs', import.meta.url));
  return new Promise<Uint8Array>((resolve, reject) => {
    worker.once('message', (bytes: Uint8Array) => resolve(bytes));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The search index worker stopped with exit code ${code} before it answered`)));
    worker.postMessage(lists);
  }).finally(() => worker.terminate());
}
