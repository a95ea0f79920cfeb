import type { ContentRecord } from './corpus.ts';

/**
 * The order lists publish: posts newest first, everything else by title; the slug
 * breaks ties so that the order, and so the build, is deterministic.
 */
const byTitleCollator = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * Two dates as the schema writes them (`format: date`, YYYY-MM-DD), the later first: as
 * plain strings, whose order is the dates' order, without a collator's cost
 * (String.localeCompare, once for each of thousands of comparisons).
 */
export const newestFirst = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

export function compareRecords(a: ContentRecord, b: ContentRecord): number {
  if (a.collection === 'posts') {
    const byDate = newestFirst(String(a.fields.published), String(b.fields.published));
    if (byDate) return byDate;
  }
  const byTitle = byTitleCollator.compare(a.fields.title, b.fields.title);
  return byTitle || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}
