import { describe, expect, it } from 'vitest';
import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import type { Summary } from '../core/summary.ts';
import { STATIC_SEARCH_HEADER } from '../core/static-search-index.ts';
import { searchDocuments } from '../generator/emit/search-index.ts';
import { searchIndexOffThread } from '../generator/emit/search-index-job.ts';
import { documentFileNames, staticSearchFiles } from '../generator/emit/static-search-index.ts';
import { keysOf } from './support/document-keys.ts';

const corpusOf = (summaryOf: (key: CollectionKey, i: number) => string) =>
  Object.fromEntries(
    COLLECTION_KEYS.map((key, k) => [
      key,
      Array.from(
        { length: 40 },
        (_, i): Summary => ({
          slug: `${key}-${i}`,
          title: `${key} record ${i} ${['phishing', 'isolation', 'extension', 'exposure'][(i + k) % 4]}`,
          category: 'general',
          summary: summaryOf(key, i),
          url: `https://example.com/${key}/${key}-${i}/`,
          lastUpdated: '2026-10-14',
        }),
      ),
    ]),
  ) as Record<CollectionKey, Summary[]>;

const listsOf = (summaries: Record<CollectionKey, Summary[]>) =>
  Object.fromEntries(
    COLLECTION_KEYS.map((key) => [key, `${JSON.stringify(summaries[key], null, 2)}\n`]),
  ) as Record<CollectionKey, string>;

const namesOf = (summaries: Record<CollectionKey, Summary[]>) =>
  documentFileNames(keysOf(searchDocuments((key) => summaries[key])));

describe('the search index built on a thread of its own', () => {
  it('is the index built on the current thread, file for file and byte for byte', async () => {
    const summaries = corpusOf((key, i) => `Summary ${i} of ${key}, with ünïcode and "quotes".`);
    const elsewhere = await searchIndexOffThread(listsOf(summaries), namesOf(summaries));
    const here = staticSearchFiles(
      searchDocuments((key) => summaries[key]),
      namesOf(summaries),
    );
    expect([...elsewhere.keys()].sort()).toEqual([...here.keys()].sort());
    for (const [file, bytes] of here)
      expect(Buffer.from(elsewhere.get(file)!).equals(bytes), file).toBe(true);
    expect(
      JSON.parse(Buffer.from(here.get(STATIC_SEARCH_HEADER.slice(1))!).toString()).documentCount,
    ).toBe(40 * COLLECTION_KEYS.length);
  });
});
