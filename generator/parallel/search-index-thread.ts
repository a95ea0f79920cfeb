import { parentPort } from 'node:worker_threads';
import type { CollectionKey } from '../../core/collections.ts';
import type { Summary } from '../../core/summary.ts';
import { searchIndexJson } from '../emit/search-index.ts';

/**
 * The body of a search index worker: every collection's summaries in, as the JSON of their
 * list files, each parsed when indexed and then let go; the index out, its bytes handed
 * over rather than copied.
 */
parentPort!.once('message', (lists: Partial<Record<CollectionKey, string>>) => {
  const bytes = searchIndexJson((key) => {
    const summaries = JSON.parse(lists[key]!) as Summary[];
    delete lists[key];
    return summaries;
  });
  // A small index sits in Node's shared buffer pool, which stays; a large one has memory of its own, handed over.
  parentPort!.postMessage(bytes, bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer as ArrayBuffer] : []);
});
