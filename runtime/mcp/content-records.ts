import type { CollectionKey } from '../../core/collections.ts';
import type { Summary } from '../../core/summary.ts';
import type { ServiceData } from '../service-data.ts';
import type { RecordRef } from './record-id.ts';

/** Each collection's summaries by slug, made once per instance from the build's lists. */
export function summaryLookup(data: ServiceData): (ref: RecordRef) => Promise<Summary | undefined> {
  const maps = new Map<CollectionKey, Promise<Map<string, Summary>>>();
  return async ({ collection, slug }) => {
    let map = maps.get(collection);
    if (!map) {
      map = data
        .summaries(collection)
        .then((summaries) => new Map(summaries.map((summary) => [summary.slug, summary])));
      maps.set(collection, map);
    }
    return (await map).get(slug);
  };
}
