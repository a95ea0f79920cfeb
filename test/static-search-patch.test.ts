import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import {
  STATIC_SEARCH_HEADER,
  type StaticSearchHeader,
  staticSearchFile,
} from '../core/static-search-index.ts';
import type { Summary } from '../core/summary.ts';
import { searchDocuments } from '../generator/emit/search-index.ts';
import { documentFileNames, staticSearchFiles } from '../generator/emit/static-search-index.ts';
import { runStarts, type StaticSearchFiles } from '../generator/emit/static-search-layout.ts';
import { type LastStaticSearch, patchStaticSearch } from '../generator/emit/static-search-patch.ts';
import { keysOf } from './support/document-keys.ts';
import { seededWords } from './support/seeded-words.ts';

type Corpus = Record<CollectionKey, Summary[]>;

/** Words that share prefixes, repeat, and reach beyond ASCII, so terms are shared, split and merged. */
const WORDS =
  'phishing phish isolation isolated extension exposure über naïve ß 東京 token tokens a the browser x2 CSP mfa session sessions cookie cookies script scripts agent agents'.split(
    ' ',
  );

const PER_COLLECTION = 60;

function corpusOf(): Corpus {
  const words = seededWords(WORDS, 7);
  return Object.fromEntries(
    COLLECTION_KEYS.map((key) => [
      key,
      Array.from(
        { length: PER_COLLECTION },
        (_, i): Summary => ({
          slug: `${key}-${i}`,
          // A term of its own per record: enough terms that an edit's few do not change where runs are cut.
          title: `${words(1 + (i % 3))} ${key}${i}`,
          category: 'general',
          summary: `${words(3 + (i % 9))}, “quoted”.`,
          url: `https://example.com/${key}/${key}-${i}/`,
          lastUpdated: i % 3 ? '2026-10-14' : '2026-11-01',
        }),
      ),
    ]),
  ) as Corpus;
}

/** The documents of a corpus and the names of their files of stored fields, as a build gives them. */
function indexInputs(corpus: Corpus) {
  const documents = searchDocuments((key) => corpus[key]);
  return { documents, documentFiles: documentFileNames(keysOf(documents)) };
}

const wholeOf = (corpus: Corpus) => {
  const { documents, documentFiles } = indexInputs(corpus);
  return staticSearchFiles(documents, documentFiles);
};

/** dist/ as the last build left it: every file it holds, and those the patch read. */
function lastIn(dist: StaticSearchFiles, read: string[] = []): LastStaticSearch {
  return {
    read(file) {
      read.push(file);
      const bytes = dist.get(file);
      return bytes && Buffer.from(bytes);
    },
    holds: (file) => dist.has(file),
  };
}

const headerOf = (files: StaticSearchFiles) =>
  JSON.parse(
    Buffer.from(files.get(STATIC_SEARCH_HEADER.slice(1))!).toString(),
  ) as StaticSearchHeader;

/** Every file a header names, and the header: the index a reader of dist/ sees. */
function indexIn(files: StaticSearchFiles): Map<string, string> {
  const header = headerOf(files);
  return new Map(
    [
      STATIC_SEARCH_HEADER.slice(1),
      ...[header.meta, ...header.termFiles.map(([, name]) => name), ...header.documentFiles].map(
        (name) => staticSearchFile(name).slice(1),
      ),
    ].map((file) => {
      const bytes = files.get(file);
      expect(bytes, file).toBeDefined();
      return [file, Buffer.from(bytes!).toString()];
    }),
  );
}

/** dist/ after a write of the patched files over it. */
const writtenOver = (dist: StaticSearchFiles, patched: StaticSearchFiles) =>
  new Map([...dist, ...patched]);

const text = fc
  .array(
    fc.oneof(
      fc.constantFrom(...WORDS),
      fc.string({ minLength: 1, maxLength: 6 }),
      fc.constantFrom('brand-new', 'zzz', 'ünïcode', 'aaa'),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((words) => words.join(' '));
const edit = fc.record({
  collection: fc.constantFrom(...COLLECTION_KEYS),
  at: fc.nat(PER_COLLECTION - 1),
  field: fc.constantFrom('title', 'summary', 'category', 'lastUpdated'),
  value: text,
});

describe('the static search index patched after an edit', () => {
  it('is the index made whole of the edited summaries, file for file and byte for byte, after any run of edits', () => {
    const made: string[] = [];
    fc.assert(
      fc.property(
        fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        (rounds) => {
          const corpus = corpusOf();
          let dist = wholeOf(corpus);
          for (const round of rounds) {
            for (const { collection, at, field, value } of round) {
              const record = corpus[collection][at]!;
              corpus[collection][at] =
                field === 'lastUpdated'
                  ? { ...record, lastUpdated: value.length % 2 ? '2026-11-24' : '2026-11-25' }
                  : { ...record, [field]: value };
            }
            const { documents, documentFiles } = indexInputs(corpus);
            const patched = patchStaticSearch(lastIn(dist), documents, documentFiles);
            const whole = wholeOf(corpus);
            if (patched) {
              dist = writtenOver(dist, patched);
              expect(indexIn(dist)).toEqual(indexIn(whole));
            } else {
              // Only when the terms' count crossed a mark where every run is cut otherwise.
              const count = (files: StaticSearchFiles) => headerOf(files).termCount;
              expect(runStarts(count(whole), documents.length).mask).not.toBe(
                runStarts(count(dist), documents.length).mask,
              );
              dist = whole;
            }
            made.push(patched ? 'patched' : 'whole');
          }
        },
      ),
      { seed: 20261207, numRuns: 80 },
    );
    expect(made.filter((how) => how === 'patched').length).toBeGreaterThan(0.9 * made.length);
  });

  it('reads and writes only the files that hold what changed, and keeps every other file under its name', () => {
    const corpus = corpusOf();
    const dist = wholeOf(corpus);
    const before = headerOf(dist);
    // One word added: the term files of every other word are neither read nor written.
    corpus.apps[17] = { ...corpus.apps[17]!, summary: `${corpus.apps[17]!.summary} zebra` };
    const { documents, documentFiles } = indexInputs(corpus);
    const read: string[] = [];
    const patched = patchStaticSearch(lastIn(dist, read), documents, documentFiles)!;
    const after = headerOf(patched);
    expect(indexIn(writtenOver(dist, patched))).toEqual(indexIn(wholeOf(corpus)));

    const documentFilesChanged = after.documentFiles.filter(
      (name, i) => name !== before.documentFiles[i],
    );
    expect(documentFilesChanged).toHaveLength(1);
    const termFilesKept = after.termFiles.filter(([, name]) =>
      before.termFiles.some(([, old]) => old === name),
    );
    expect(before.termFiles.length).toBeGreaterThan(4);
    expect(termFilesKept.length).toBeGreaterThan(before.termFiles.length / 2);
    // The header, the meta file, the edited document's file and the term runs its terms are in.
    expect(read.length).toBeLessThan(3 + before.termFiles.length - termFilesKept.length + 3);
    expect(patched.size).toBeLessThan(dist.size / 4);
  });

  it('drops a term no document holds any more, and takes a new term into the run it sorts into', () => {
    const corpus = corpusOf();
    const original = wholeOf(corpus);
    corpus.threats[4] = { ...corpus.threats[4]!, title: 'singularword' };
    const withRare = wholeOf(corpus);
    const edited = indexInputs(corpus);
    const rare = patchStaticSearch(lastIn(original), edited.documents, edited.documentFiles)!;
    expect([...rare.values()].some((bytes) => Buffer.from(bytes).includes('["singularword"'))).toBe(
      true,
    );
    expect(indexIn(writtenOver(original, rare))).toEqual(indexIn(withRare));
    const back = corpusOf();
    const { documents, documentFiles } = indexInputs(back);
    const patched = patchStaticSearch(lastIn(withRare), documents, documentFiles)!;
    expect(indexIn(writtenOver(withRare, patched))).toEqual(indexIn(original));
    expect(headerOf(patched).termCount).toBe(headerOf(original).termCount);
  });

  it('is not made when records came, went or moved, or a file it needs is not in dist/ as written: the index is then made whole', () => {
    const corpus = corpusOf();
    const dist = wholeOf(corpus);
    const added = {
      ...corpus,
      posts: [
        ...corpus.posts,
        { ...corpus.posts[0]!, slug: 'posts-new', url: 'https://example.com/posts/posts-new/' },
      ],
    };
    const removed = { ...corpus, apps: corpus.apps.slice(1) };
    const moved = { ...corpus, ai: [corpus.ai[1]!, corpus.ai[0]!, ...corpus.ai.slice(2)] };
    for (const changed of [added, removed, moved]) {
      const { documents, documentFiles } = indexInputs(changed);
      expect(patchStaticSearch(lastIn(dist), documents, documentFiles)).toBeUndefined();
    }

    const edited = { ...corpus, glossary: [...corpus.glossary] };
    edited.glossary[2] = { ...edited.glossary[2]!, summary: 'Edited: a phishing cookie.' };
    const { documents, documentFiles } = indexInputs(edited);
    expect(patchStaticSearch(lastIn(dist), documents, documentFiles)).toBeDefined();
    const header = headerOf(dist);
    const missing = (name: string) =>
      new Map([...dist].filter(([file]) => file !== staticSearchFile(name).slice(1)));
    for (const gone of [
      missing(header.meta),
      missing(header.termFiles.at(-1)![1]),
      missing(header.documentFiles.at(-1)!),
      missing(
        header.documentFiles[documentFiles.findIndex((n, i) => n !== header.documentFiles[i])]!,
      ),
      new Map([...dist].filter(([file]) => file !== STATIC_SEARCH_HEADER.slice(1))),
      // A header written before it counted its terms.
      new Map([
        ...dist,
        [
          STATIC_SEARCH_HEADER.slice(1),
          Buffer.from(JSON.stringify({ ...header, termCount: undefined })),
        ],
      ]),
    ])
      expect(patchStaticSearch(lastIn(gone), documents, documentFiles)).toBeUndefined();
  });
});
