import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import type { Summary } from '../core/summary.ts';
import { searchDocuments, searchIndexJson } from '../generator/emit/search-index.ts';
import { searchFiles, searchIndexOffThread } from '../generator/emit/search-index-job.ts';
import { documentFileNames } from '../generator/emit/static-search-index.ts';
import { keysOf } from './support/document-keys.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

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
  it('is the index built on the current thread, byte for byte, and so is the static index', async () => {
    const summaries = corpusOf((key, i) => `Summary ${i} of ${key}, with ünïcode and "quotes".`);
    const elsewhere = await searchIndexOffThread(listsOf(summaries), namesOf(summaries));
    const here = searchIndexJson((key) => summaries[key]);
    expect(Buffer.from(elsewhere.index).equals(here)).toBe(true);
    const staticHere = searchFiles(
      searchDocuments((key) => summaries[key]),
      namesOf(summaries),
    ).files;
    expect([...elsewhere.files.keys()]).toEqual([...staticHere.keys()]);
    for (const [file, bytes] of staticHere)
      expect(Buffer.from(elsewhere.files.get(file)!).equals(bytes), file).toBe(true);
    expect(JSON.parse(here.toString()).documentCount).toBe(40 * COLLECTION_KEYS.length);
  });

  it('is patched from the file of the last index, or made whole when that file is gone', async () => {
    const dir = await temporaryDirectory('search-index-');
    const before = corpusOf((key, i) => `Summary ${i} of ${key}.`);
    const after = corpusOf((key, i) =>
      key === 'threats' && i === 7 ? 'An edited summary with new words' : `Summary ${i} of ${key}.`,
    );
    const last = path.join(dir, 'search-index.json');
    writeFileSync(
      last,
      searchIndexJson((key) => before[key]),
    );
    const whole = searchIndexJson((key) => after[key]);
    expect(
      Buffer.from((await searchIndexOffThread(listsOf(after), namesOf(after), last)).index).equals(
        whole,
      ),
    ).toBe(true);
    expect(
      Buffer.from(
        (await searchIndexOffThread(listsOf(after), namesOf(after), path.join(dir, 'gone.json')))
          .index,
      ).equals(whole),
    ).toBe(true);
  });
});
