import type { CollectionKey } from '../../core/collections.ts';
import type { Summary } from '../../core/summary.ts';
import { onThread } from '../parallel/thread-pool.ts';
import { searchDocuments } from './search-index.ts';
import { staticSearchFiles } from './static-search-index.ts';
import type { StaticSearchFiles } from './static-search-layout.ts';

interface SearchIndexJob {
  /** Every collection's summary list, as JSON. */
  lists: Partial<Record<CollectionKey, string>>;
  /** The names of the static index's files of stored fields (documentFileNames). */
  documentFiles: string[];
}

/**
 * Makes the search index whole on a thread of its own: indexing every record is work that
 * then overlaps the writing of the other files instead of adding to it.
 */
export const searchIndexOffThread = (
  lists: Record<CollectionKey, string>,
  documentFiles: string[],
): Promise<StaticSearchFiles> =>
  onThread<SearchIndexJob, StaticSearchFiles>('search-index', { lists, documentFiles });

/**
 * The index as a worker thread makes it (parallel/worker.ts): every collection's
 * summaries in, as the JSON of their list files; the index's files out.
 */
export function searchIndexJob({ lists, documentFiles }: SearchIndexJob): StaticSearchFiles {
  const documents = searchDocuments((key: CollectionKey) => {
    const summaries = JSON.parse(lists[key]!) as Summary[];
    delete lists[key];
    return summaries;
  });
  return staticSearchFiles(documents, documentFiles);
}
