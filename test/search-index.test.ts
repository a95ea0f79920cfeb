import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import { SEARCH_INDEX_OPTIONS, type SearchDocument } from '../core/search-options.ts';
import type { Summary } from '../core/summary.ts';
import { indexParts, searchDocuments } from '../generator/emit/search-index.ts';

type Corpus = Record<CollectionKey, Summary[]>;

/** Words that share prefixes, repeat, and reach beyond ASCII, so terms are shared, split and merged. */
const WORDS = [
  'phishing',
  'phish',
  'isolation',
  'isolated',
  'extension',
  'exposure',
  'über',
  'naïve',
  'ß',
  '東京',
  'token',
  'tokens',
  'a',
  'the',
  'browser',
  'x2',
  'CSP',
  'mfa',
];

const summary = (
  key: CollectionKey,
  i: number,
  title: string,
  text: string,
  lastUpdated = '2026-11-01',
): Summary => ({
  slug: `${key}-${i}`,
  title,
  category: 'general',
  summary: text,
  url: `https://example.com/${key}/${key}-${i}/`,
  lastUpdated,
});

const corpusOf = (perCollection: number, words: (i: number) => string): Corpus =>
  Object.fromEntries(
    COLLECTION_KEYS.map((key) => [
      key,
      Array.from({ length: perCollection }, (_, i) =>
        summary(
          key,
          i,
          `${key} ${words(i)}`,
          `${words(i + 1)} ${words(i + 2)}, “quoted”.`,
          i % 3 ? '2026-10-14' : undefined,
        ),
      ),
    ]),
  ) as Corpus;

const documentsOf = (corpus: Corpus) => searchDocuments((key) => corpus[key]);

describe('the search index', () => {
  it('is MiniSearch’s own index of the summaries, its terms in code-unit order and its averages exact means', () => {
    const corpus = corpusOf(
      30,
      (i) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`,
    );
    const parts = indexParts(documentsOf(corpus));
    const direct = new MiniSearch<SearchDocument>(SEARCH_INDEX_OPTIONS);
    direct.addAll(documentsOf(corpus));
    const expected = direct.toJSON();
    expect(parts.terms).toEqual(expected.index.map(([term]) => term).sort());
    expect(new Map(parts.entries.map((entry) => JSON.parse(entry)))).toEqual(
      new Map(expected.index),
    );
    expect(JSON.parse(`{${parts.storedFields.join(',')}}`)).toEqual(expected.storedFields);
    for (const [id, lengths] of Object.entries(expected.fieldLength))
      expect(parts.fieldLength.map((byId) => byId[Number(id)])).toEqual(lengths);
    for (const [field, average] of expected.averageFieldLength.entries())
      expect(parts.totals[field]! / direct.documentCount).toBeCloseTo(average, 10);
    for (const [field, total] of parts.totals.entries())
      expect(total).toBe(parts.fieldLength[field]!.reduce((sum, length) => sum + length, 0));
  });
});
