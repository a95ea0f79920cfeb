import { parentPort } from 'node:worker_threads';
import type { CollectionKey } from '../../core/collections.ts';
import type { Summary } from '../../core/summary.ts';
import { searchIndexJson } from '../emit/search-index.ts';

/** The body of a search index worker: every collection's summaries in (as the JSON of their list files), the index out. */
parentPort!.once('message', (lists: Record<CollectionKey, string>) => {
  const summaries = Object.fromEntries(Object.entries(lists).map(([key, text]) => [key, JSON.parse(text) as Summary[]])) as Record<CollectionKey, Summary[]>;
  parentPort!.postMessage(searchIndexJson(summaries));
});
