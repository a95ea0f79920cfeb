import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import {
  SEARCH_DEFAULTS,
  SEARCH_INDEX_OPTIONS,
  type SearchDocument,
} from '../core/search-options.ts';
import type { Summary } from '../core/summary.ts';
import { searchDocuments, searchIndexJson } from '../generator/emit/search-index.ts';
import { patchSearchIndex } from '../generator/emit/search-index-patch.ts';

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

const wholeOf = (corpus: Corpus) => searchIndexJson((key) => corpus[key]);
const documentsOf = (corpus: Corpus) => searchDocuments((key) => corpus[key]);

describe('the search index', () => {
  it('is MiniSearch’s own index of the summaries, as MiniSearch.loadJSON reads it, answering every search alike', () => {
    const corpus = corpusOf(
      30,
      (i) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`,
    );
    const bytes = wholeOf(corpus);
    const direct = new MiniSearch<SearchDocument>(SEARCH_INDEX_OPTIONS);
    direct.addAll(documentsOf(corpus));
    const expected = direct.toJSON();
    const written = JSON.parse(bytes.toString()) as typeof expected;
    // The same data, but for the terms' order and each average, which is the exact mean rather than a running one.
    expect({ ...written, index: undefined, averageFieldLength: undefined }).toEqual({
      ...expected,
      index: undefined,
      averageFieldLength: undefined,
    });
    expect(new Map(written.index)).toEqual(new Map(expected.index));
    expect(written.index.map(([term]) => term)).toEqual(
      expected.index.map(([term]) => term).sort(),
    );
    for (const [field, average] of written.averageFieldLength.entries())
      expect(average).toBeCloseTo(expected.averageFieldLength[field]!, 10);
    const loaded = MiniSearch.loadJSON<SearchDocument>(bytes.toString(), SEARCH_INDEX_OPTIONS);
    for (const query of [...WORDS, 'phi', 'iso tok', 'threats', 'quoted', 'nothing-like-it']) {
      const hits = (index: MiniSearch<SearchDocument>) =>
        index.search(query, SEARCH_DEFAULTS).map((hit) => [hit.id, hit.score.toFixed(9)]);
      expect(hits(loaded), query).toEqual(hits(direct));
    }
  });

  it('puts each document and each term on a line of its own', () => {
    const corpus = corpusOf(5, (i) => WORDS[i]!);
    const lines = wholeOf(corpus).toString().split('\n');
    const direct = new MiniSearch<SearchDocument>(SEARCH_INDEX_OPTIONS);
    direct.addAll(documentsOf(corpus));
    // Three parts of a line per document, one of a line per term, and five lines around them.
    expect(lines.length).toBe(3 * direct.documentCount + direct.toJSON().index.length + 5);
    expect(
      lines
        .filter((line) => line.startsWith('["'))
        .map((line) => JSON.parse(line.replace(/,$/, ''))[0]),
    ).toEqual(
      direct
        .toJSON()
        .index.map(([term]) => term)
        .sort(),
    );
  });
});

describe('the search index patched after an edit', () => {
  const base = () =>
    corpusOf(12, (i) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 5 + 3) % WORDS.length]}`);
  const text = fc
    .array(
      fc.oneof(
        fc.constantFrom(...WORDS),
        fc.string({ minLength: 1, maxLength: 6 }),
        fc.constantFrom('brand-new', 'zzz', 'ünïcode'),
      ),
      { minLength: 1, maxLength: 6 },
    )
    .map((words) => words.join(' '));
  const edit = fc.record({
    collection: fc.constantFrom(...COLLECTION_KEYS),
    at: fc.nat(11),
    field: fc.constantFrom('title', 'summary', 'category', 'lastUpdated'),
    value: text,
  });

  it('is the whole index of the edited summaries, byte for byte, after any run of edits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
        (rounds) => {
          const corpus = base();
          let index = wholeOf(corpus);
          for (const round of rounds) {
            for (const { collection, at, field, value } of round) {
              const record = corpus[collection][at]!;
              corpus[collection][at] =
                field === 'lastUpdated'
                  ? { ...record, lastUpdated: value.length % 2 ? '2026-11-24' : '2026-11-25' }
                  : { ...record, [field]: value };
            }
            const patched = patchSearchIndex(index, documentsOf(corpus));
            expect(patched).toBeDefined();
            const whole = wholeOf(corpus);
            expect(patched!.toString()).toBe(whole.toString());
            index = patched!;
          }
        },
      ),
      { seed: 20261125, numRuns: 150 },
    );
  });

  it('keeps the bytes when nothing changed, and drops a term no document holds any more', () => {
    const corpus = base();
    const index = wholeOf(corpus);
    expect(patchSearchIndex(index, documentsOf(corpus))!.equals(index)).toBe(true);
    const rare = corpus.threats.map((record, i) => ({
      ...record,
      title: i === 4 ? 'singular-word' : record.title,
    }));
    const withRare = wholeOf({ ...corpus, threats: rare });
    expect(withRare.toString()).toContain('["singular"');
    const patched = patchSearchIndex(withRare, documentsOf(corpus))!;
    expect(patched.toString()).not.toContain('["singular"');
    expect(patched.equals(index)).toBe(true);
  });

  it('is not made when records came, went or moved, nor from an index written otherwise: the index is then made whole', () => {
    const corpus = base();
    const index = wholeOf(corpus);
    const added = {
      ...corpus,
      posts: [...corpus.posts, summary('posts', 99, 'Added', 'A new post')],
    };
    const removed = { ...corpus, apps: corpus.apps.slice(1) };
    const moved = { ...corpus, ai: [corpus.ai[1]!, corpus.ai[0]!, ...corpus.ai.slice(2)] };
    for (const changed of [added, removed, moved]) {
      expect(patchSearchIndex(index, documentsOf(changed))).toBeUndefined();
      expect(searchIndexJson((key) => changed[key], index).equals(wholeOf(changed))).toBe(true);
    }
    const direct = new MiniSearch<SearchDocument>(SEARCH_INDEX_OPTIONS);
    direct.addAll(documentsOf(corpus));
    const lines = index.toString().split('\n');
    const termsFrom = lines.findIndex((line) => line.startsWith('["'));
    const unsorted = [
      ...lines.slice(0, termsFrom),
      lines[termsFrom + 1]!.replace(/,?$/, ','),
      lines[termsFrom]!,
      ...lines.slice(termsFrom + 2),
    ].join('\n');
    for (const other of [
      Buffer.from(JSON.stringify(direct)),
      index.subarray(0, index.length - 40),
      Buffer.from(unsorted),
      Buffer.from(''),
    ]) {
      expect(
        patchSearchIndex(other, documentsOf(corpus)),
        other.subarray(0, 60).toString(),
      ).toBeUndefined();
    }
  });
});
