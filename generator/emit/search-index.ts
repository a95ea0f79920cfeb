import MiniSearch from 'minisearch';
import { COLLECTION_KEYS } from '../../core/collections.ts';
import { SEARCH_INDEX_OPTIONS, type SearchDocument } from '../../core/search-options.ts';
import type { Corpus } from '../load-content.ts';
import { toSummary } from './api-documents.ts';

/** The serialized MiniSearch index over every collection's titles and summaries, loaded once per function instance. */
export function searchIndexJson(corpus: Corpus): string {
  const index = new MiniSearch<SearchDocument>(SEARCH_INDEX_OPTIONS);
  index.addAll(
    COLLECTION_KEYS.flatMap((key) =>
      corpus.records[key].map((record) => ({ id: `${key}/${record.slug}`, collection: key, ...toSummary(record) })),
    ),
  );
  return JSON.stringify(index);
}
