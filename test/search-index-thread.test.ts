import { describe, expect, it } from 'vitest';
import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import type { Summary } from '../core/summary.ts';
import { searchIndexJson } from '../generator/emit/search-index.ts';
import { searchIndexOffThread } from '../generator/parallel/search-index-off-thread.ts';

describe('the search index built on a thread of its own', () => {
  it('is the index built on the current thread, byte for byte', async () => {
    const summaries = Object.fromEntries(
      COLLECTION_KEYS.map((key, k) => [
        key,
        Array.from({ length: 40 }, (_, i): Summary => ({
          slug: `${key}-${i}`,
          title: `${key} record ${i} ${['phishing', 'isolation', 'extension', 'exposure'][(i + k) % 4]}`,
          category: 'general',
          summary: `Summary ${i} of ${key}, with ünïcode and "quotes".`,
          url: `https://example.com/${key}/${key}-${i}/`,
          lastUpdated: '2026-10-14',
        })),
      ]),
    ) as Record<CollectionKey, Summary[]>;
    const lists = Object.fromEntries(COLLECTION_KEYS.map((key) => [key, `${JSON.stringify(summaries[key], null, 2)}\n`])) as Record<CollectionKey, string>;
    const elsewhere = await searchIndexOffThread(lists);
    const here = searchIndexJson((key) => summaries[key]);
    expect(Buffer.from(elsewhere).equals(here)).toBe(true);
    expect(JSON.parse(here.toString()).documentCount).toBe(40 * COLLECTION_KEYS.length);
  });
});
