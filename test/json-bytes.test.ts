import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { SEARCH_INDEX_OPTIONS } from '../core/search-options.ts';
import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import type { Summary } from '../core/summary.ts';
import { jsonBytes } from '../generator/emit/json-bytes.ts';
import { searchIndexJson } from '../generator/emit/search-index.ts';

describe('JSON written a piece at a time', () => {
  it('is JSON.stringify byte for byte, across many pieces of arrays and objects', () => {
    const value = {
      count: 3,
      name: 'Ünïcode “quotes” and \u2028 a separator',
      empty: [],
      none: {},
      nothing: null,
      list: Array.from({ length: 4501 }, (_, i) => (i % 3 ? [`term-${i}`, { 1: { [i]: i % 7 } }] : { text: `é${i}`, missing: undefined })),
      // Integer-like keys come first in JSON.stringify's order, whatever the order they were added in.
      byId: Object.fromEntries(Array.from({ length: 4100 }, (_, i) => [i % 2 ? String(4100 - i) : `id-${i}`, { slug: `s${i}`, lastUpdated: i % 5 ? '2026-11-01' : undefined }])),
    };
    const bytes = jsonBytes(value);
    expect(bytes.toString()).toBe(JSON.stringify(value));
  });

  it('gives the search index exactly as JSON.stringify gives MiniSearch', () => {
    const summaries = Object.fromEntries(
      COLLECTION_KEYS.map((key) => [
        key,
        Array.from({ length: 700 }, (_, i): Summary => ({ slug: `${key}-${i}`, title: `Record ${i} über ${key}`, category: 'c', summary: `Summary ${i % 97} — ${key}`, url: `https://example.com/${key}/${i}/` })),
      ]),
    ) as Record<CollectionKey, Summary[]>;
    const index = new MiniSearch(SEARCH_INDEX_OPTIONS);
    index.addAll(COLLECTION_KEYS.flatMap((key) => summaries[key].map((summary) => ({ id: `${key}/${summary.slug}`, collection: key, ...summary }))));
    expect(searchIndexJson((key) => summaries[key]).toString()).toBe(JSON.stringify(index));
  });
});
