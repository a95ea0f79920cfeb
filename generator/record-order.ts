import type { ContentRecord } from './load-content.ts';

/**
 * The order lists publish: posts newest first, everything else by title; the slug
 * breaks ties so that the order, and so the build, is deterministic.
 */
const byTitleCollator = new Intl.Collator('en', { sensitivity: 'base' });

export function compareRecords(a: ContentRecord, b: ContentRecord): number {
  if (a.collection === 'posts') {
    // YYYY-MM-DD (the schema's format): plain string order is date order, without a collator's cost.
    const [mine, theirs] = [String(a.fields.published), String(b.fields.published)];
    if (mine !== theirs) return mine < theirs ? 1 : -1;
  }
  const byTitle = byTitleCollator.compare(a.fields.title, b.fields.title);
  return byTitle || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}
