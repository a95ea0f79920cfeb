import type { Summary } from '../../core/summary.ts';
import type { ContentRecord } from './corpus.ts';

/** A record as the API's lists, the functions' data and the search index hold it. */
export function toSummary(record: ContentRecord): Summary {
  const { title, category, summary, lastUpdated } = record.fields;
  return { slug: record.slug, title, category, summary, url: record.url, lastUpdated };
}
