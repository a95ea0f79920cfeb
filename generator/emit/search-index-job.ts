import { readFileSync } from 'node:fs';
import type { CollectionKey } from '../../core/collections.ts';
import type { Summary } from '../../core/summary.ts';
import { onThread } from '../parallel/thread-pool.ts';
import { searchIndexJson } from './search-index.ts';

interface SearchIndexJob {
  /** Every collection's summary list, as JSON. */
  lists: Partial<Record<CollectionKey, string>>;
  /** The file of the index dist/ holds, when it was written by this generator and can be patched (search-index-patch.ts). */
  previous?: string;
}

/**
 * Builds the search index on a thread of its own: indexing every record whole is work that
 * then overlaps the writing of the other files instead of adding to it.
 */
export const searchIndexOffThread = (
  lists: Record<CollectionKey, string>,
  previous?: string,
): Promise<Uint8Array> => onThread<SearchIndexJob, Uint8Array>('search-index', { lists, previous });

/**
 * The index as a worker thread makes it (parallel/worker.ts): every collection's summaries
 * in, as the JSON of their list files, each parsed when indexed and then let go, and the
 * file of the last index if it can be patched; the index out.
 */
export function searchIndexJob({ lists, previous }: SearchIndexJob): Uint8Array {
  return searchIndexJson(
    (key: CollectionKey) => {
      const summaries = JSON.parse(lists[key]!) as Summary[];
      delete lists[key];
      return summaries;
    },
    previous === undefined ? undefined : readPrevious(previous),
  );
}

/** The last index, or nothing to patch if it is gone: then the index is made whole. */
function readPrevious(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
