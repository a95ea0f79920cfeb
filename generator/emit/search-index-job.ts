import { readFileSync } from 'node:fs';
import type { CollectionKey } from '../../core/collections.ts';
import type { Summary } from '../../core/summary.ts';
import { onThread } from '../parallel/thread-pool.ts';
import { indexOfDocuments, searchDocuments } from './search-index.ts';
import { type StaticSearchFiles, staticSearchFiles } from './static-search-index.ts';

/** The search index for the functions, and the static index cut from it for the browser. */
export interface SearchFiles {
  index: Uint8Array;
  files: StaticSearchFiles;
}

interface SearchIndexJob {
  /** Every collection's summary list, as JSON. */
  lists: Partial<Record<CollectionKey, string>>;
  /** The names of the static index's files of stored fields (documentFileNames). */
  documentFiles: string[];
  /** The file of the index dist/ holds, when it was written by this generator and can be patched (search-index-patch.ts). */
  previous?: string;
}

/**
 * Builds the search indexes on a thread of their own: indexing every record whole is work
 * that then overlaps the writing of the other files instead of adding to it.
 */
export const searchIndexOffThread = (
  lists: Record<CollectionKey, string>,
  documentFiles: string[],
  previous?: string,
): Promise<SearchFiles> =>
  onThread<SearchIndexJob, SearchFiles>('search-index', { lists, documentFiles, previous });

/**
 * The indexes as a worker thread makes them (parallel/worker.ts): every collection's
 * summaries in, as the JSON of their list files, and the file of the last index if it can
 * be patched; the indexes out.
 */
export function searchIndexJob({ lists, documentFiles, previous }: SearchIndexJob): SearchFiles {
  const documents = searchDocuments((key: CollectionKey) => {
    const summaries = JSON.parse(lists[key]!) as Summary[];
    delete lists[key];
    return summaries;
  });
  return searchFiles(
    documents,
    documentFiles,
    previous === undefined ? undefined : readPrevious(previous),
  );
}

/** Both indexes of the documents, on whichever thread asks. */
export function searchFiles(
  documents: ReturnType<typeof searchDocuments>,
  documentFiles: string[],
  previous?: Uint8Array,
): SearchFiles {
  const index = indexOfDocuments(documents, previous);
  return { index, files: staticSearchFiles(index, documents, documentFiles) };
}

/** The last index, or nothing to patch if it is gone: then the index is made whole. */
function readPrevious(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
