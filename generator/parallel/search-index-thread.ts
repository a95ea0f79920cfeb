import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { CollectionKey } from '../../core/collections.ts';
import type { Summary } from '../../core/summary.ts';
import { searchIndexJson } from '../emit/search-index.ts';
import type { SearchIndexJob } from './search-index-off-thread.ts';

/**
 * The body of a search index worker: every collection's summaries in, as the JSON of their
 * list files, each parsed when indexed and then let go, and the file of the last index if
 * it can be patched; the index out, its bytes handed over rather than copied.
 */
parentPort!.once('message', ({ lists, previous }: SearchIndexJob) => {
  const bytes = searchIndexJson(
    (key: CollectionKey) => {
      const summaries = JSON.parse(lists[key]!) as Summary[];
      delete lists[key];
      return summaries;
    },
    previous === undefined ? undefined : readPrevious(previous),
  );
  // A small index sits in Node's shared buffer pool, which stays; a large one has memory of its own, handed over.
  parentPort!.postMessage(
    bytes,
    bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer as ArrayBuffer] : [],
  );
});

/** The last index, or nothing to patch if it is gone: then the index is made whole. */
function readPrevious(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
