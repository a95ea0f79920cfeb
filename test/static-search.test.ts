import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import { scoreEntries } from '../core/score-entries.ts';
import { SEARCH_DEFAULTS } from '../core/search-options.ts';
import { queryTerms } from '../core/search-ranking.ts';
import { createStaticSearch, MissingFile } from '../core/static-search.ts';
import {
  type IndexEntry,
  STATIC_SEARCH_HEADER,
  type StaticSearchHeader,
  type StaticSearchMeta,
  staticSearchFile,
  TERM_FILE_BYTES,
  termFilesFor,
} from '../core/static-search-index.ts';
import type { Summary } from '../core/summary.ts';
import { searchDocuments } from '../generator/emit/search-index.ts';
import {
  documentFileNames,
  staticSearchFileNames,
  staticSearchFiles,
} from '../generator/emit/static-search-index.ts';
import { keysOf } from './support/document-keys.ts';
import { seededWords } from './support/seeded-words.ts';
import { wholeIndexSearch } from './support/search-oracle.ts';

/**
 * The static index (core/static-search-index.ts) searched as the browser and the functions
 * search it, against MiniSearch over the whole index by the same rules
 * (test/support/search-oracle.ts): the same matches in the same order, for queries of
 * every kind, over a corpus cut into many files.
 */
const WORDS =
  'browser browsing isolation isolate session sessions token tokens phishing phish prompt injection inject agent agents data exfiltration extension extensions clipboard credential credentials cookie cookies download downloads script scripts a an the of to über café naïve 2fa x'.split(
    ' ',
  );

function corpus(perCollection: number): Record<CollectionKey, Summary[]> {
  const words = seededWords(WORDS, 11);
  return Object.fromEntries(
    COLLECTION_KEYS.map((key) => [
      key,
      Array.from({ length: perCollection }, (_, i) => ({
        slug: `${key}-${i}`,
        // Titles repeat within and across collections, so ties go to the title and then the id.
        title: `${words(1 + (i % 3))} ${i % 7}`,
        category: 'General',
        summary: `${words(4 + (i % 11))}.`,
        url: `https://detour.example/${key}/${key}-${i}/`,
        lastUpdated: '2026-01-01',
      })),
    ]),
  ) as Record<CollectionKey, Summary[]>;
}

function staticSearchOf(files: Map<string, Uint8Array>, fetched: string[] = []) {
  return createStaticSearch(async (path) => {
    fetched.push(path);
    const bytes = files.get(path.slice(1));
    if (!bytes) throw new MissingFile(path);
    return JSON.parse(Buffer.from(bytes).toString());
  });
}

const summaries = corpus(250);
const documents = searchDocuments((key) => summaries[key]);
const whole = wholeIndexSearch(documents);
const documentFiles = documentFileNames(keysOf(documents));
const files = staticSearchFiles(documents, documentFiles);
/** A file of the static index, as the browser reads it. */
const jsonIn = <T>(built: Map<string, Uint8Array>, path: string): T =>
  JSON.parse(Buffer.from(built.get(path.slice(1))!).toString()) as T;
const builtJson = <T>(path: string): T => jsonIn<T>(files, path);
const header = builtJson<StaticSearchHeader>(STATIC_SEARCH_HEADER);

/** The static index of the corpus with one record's summary edited. */
function editedTo(summary: string) {
  const edited = structuredClone(summaries);
  edited.apps[3]!.summary = summary;
  const editedDocuments = searchDocuments((key) => edited[key]);
  const files = staticSearchFiles(editedDocuments, documentFileNames(keysOf(editedDocuments)));
  return {
    documents: editedDocuments,
    files,
    header: jsonIn<StaticSearchHeader>(files, STATIC_SEARCH_HEADER),
  };
}
// Made of words every other record has too, so no term comes or goes.
const edited = editedTo('Session token phishing.');

/** Each term's line, over the term files a header names. */
const linesOf = (built: Map<string, Uint8Array>, h: StaticSearchHeader) =>
  new Map(
    h.termFiles.flatMap(([, name]) =>
      jsonIn<IndexEntry[]>(built, staticSearchFile(name)).map(
        ([term, fields]) => [term, JSON.stringify(fields)] as const,
      ),
    ),
  );

/** The term files of an edited index that hold no term whose line the edit changed, yet have a name the original's header does not give. */
function renamedUnchanged(after: ReturnType<typeof editedTo>): {
  renamed: number;
  needlessly: number;
} {
  const before = linesOf(files, header);
  const changed = new Set(
    [...linesOf(after.files, after.header)]
      .filter(([term, line]) => before.get(term) !== line)
      .map(([term]) => term),
  );
  const oldNames = new Set(header.termFiles.map(([, name]) => name));
  let renamed = 0;
  let needlessly = 0;
  for (const [, name] of after.header.termFiles) {
    if (oldNames.has(name)) continue;
    renamed++;
    const terms = jsonIn<IndexEntry[]>(after.files, staticSearchFile(name)).map(([term]) => term);
    if (!terms.some((term) => changed.has(term))) needlessly++;
  }
  return { renamed, needlessly };
}

describe('the static index', () => {
  it('has the files its header names, each named by a hash of its bytes; the header and the files of stored fields are known before it is made', () => {
    const named = [
      header.meta,
      ...header.termFiles.map(([, name]) => name),
      ...header.documentFiles,
    ].map((name) => staticSearchFile(name).slice(1));
    expect([...files.keys()].sort()).toEqual([STATIC_SEARCH_HEADER.slice(1), ...named].sort());
    expect(staticSearchFileNames(documentFiles).every((file) => files.has(file))).toBe(true);
    for (const name of [header.meta, ...header.termFiles.map(([, name]) => name)])
      expect(name.slice(1)).toBe(
        createHash('sha256')
          .update(files.get(staticSearchFile(name).slice(1))!)
          .digest('hex')
          .slice(0, 16),
      );
    // About one term file per 64 documents.
    expect(header.termFiles.length).toBeGreaterThan(documents.length / 64 / 2);
    expect(header.termFiles.length).toBeLessThan((documents.length / 64) * 2);
  });

  it('renames, after an edit, the term files holding a term whose line changed, and no other', () => {
    expect(edited.header.termFiles.map(([first]) => first)).toEqual(
      header.termFiles.map(([first]) => first),
    );
    const { renamed, needlessly } = renamedUnchanged(edited);
    expect(renamed).toBeGreaterThan(0);
    expect(renamed).toBeLessThan(edited.header.termFiles.length / 2);
    expect(needlessly).toBe(0);
    // A file holding a changed term has other bytes, and so another name.
    expect(new Set(edited.header.termFiles.map(([, name]) => name)).size).toBe(
      edited.header.termFiles.length,
    );
    expect(edited.header.meta).not.toBe(header.meta);
  });

  it('cuts the runs where terms say, so a new term renames at most one file beyond those it changes', () => {
    const added = editedTo('Session token quokka.');
    expect(added.header.termFiles.length - header.termFiles.length).toBeLessThanOrEqual(1);
    expect(renamedUnchanged(added).needlessly).toBeLessThanOrEqual(1);
  });

  it('keeps each term file within TERM_FILE_BYTES but for a term whose line alone is more', () => {
    // 400 terms, each in every one of 660 records: runs of a few dozen terms would hold hundreds of KB.
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const heavy = Object.fromEntries(
      COLLECTION_KEYS.map((key) => [
        key,
        summaries[key].slice(0, 110).map((summary) => ({ ...summary, summary: words })),
      ]),
    ) as Record<CollectionKey, Summary[]>;
    const heavyDocuments = searchDocuments((key) => heavy[key]);
    const built = staticSearchFiles(heavyDocuments, documentFileNames(keysOf(heavyDocuments)));
    const heavyHeader = jsonIn<StaticSearchHeader>(built, STATIC_SEARCH_HEADER);
    let full = 0;
    for (const [, name] of heavyHeader.termFiles) {
      const bytes = built.get(staticSearchFile(name).slice(1))!.length;
      if (bytes > TERM_FILE_BYTES)
        expect(jsonIn<IndexEntry[]>(built, staticSearchFile(name))).toHaveLength(1);
      if (bytes > TERM_FILE_BYTES / 2) full++;
    }
    expect(full).toBeGreaterThan(10);
  });

  it('names each file of stored fields by what it holds: an edit renames the one file of its record, and a file keeps its name while its bytes stay', () => {
    const editedNames = edited.header.documentFiles;
    const renamed = editedNames.filter((name, i) => name !== documentFiles[i]);
    expect(renamed).toHaveLength(1);
    for (const name of editedNames) {
      const file = staticSearchFile(name).slice(1);
      const bytes = Buffer.from(edited.files.get(file)!);
      if (renamed.includes(name)) expect(bytes.toString()).toContain('Session token phishing.');
      else expect(bytes.equals(files.get(file)!), name).toBe(true);
    }
    // A record gone moves the records after it to other short ids: their files are renamed, the ones before are not.
    const fewer = structuredClone(summaries);
    fewer.posts.splice(5, 1);
    const fewerNames = documentFileNames(keysOf(searchDocuments((key) => fewer[key])));
    const keptNames = fewerNames.filter((name) => documentFiles.includes(name));
    expect(keptNames.length).toBeGreaterThan(documentFiles.length - 20);
    expect(keptNames.length).toBeLessThan(fewerNames.length);
  });

  it('finds what MiniSearch finds over the whole index, in its order, for every kind of query', async () => {
    const search = staticSearchOf(files);
    const queries = [
      ...WORDS,
      ...WORDS.map((word) => word.slice(0, 3)),
      ...WORDS.map((word, i) => `${word} ${WORDS[(i * 7) % WORDS.length]!.slice(0, 2)}`),
      'b',
      'Phishing TOKEN',
      'x 2fa',
      'zzzz',
      'phishing zzzz',
      '¿?',
      '',
    ];
    let compared = 0;
    for (const q of queries) {
      for (const limit of [5, 50, 200]) {
        const want = whole.search(q, limit);
        expect(await search.search(q, limit), `${q} (${limit})`).toEqual(want);
        if (want.length >= 5) compared++;
      }
    }
    expect(compared).toBeGreaterThan(150);
  });

  it('fetches the header, the meta, the term files of the query and the files of the matches kept', async () => {
    const fetched: string[] = [];
    const hits = await staticSearchOf(files, fetched).search('phishing', 5);
    expect(hits).toHaveLength(5);
    expect(fetched.filter((p) => /\/t[0-9a-f]{16}\.json$/.test(p))).toHaveLength(
      termFilesFor(header, 'phishing').length,
    );
    expect(fetched.filter((p) => /\/d[0-9a-f]{16}\.json$/.test(p)).length).toBeLessThanOrEqual(5);
  });

  it('takes the header a caller asked for early, and does not ask for it again', async () => {
    const fetched: string[] = [];
    const header = Promise.resolve(builtJson(STATIC_SEARCH_HEADER));
    expect(await staticSearchOf(files, fetched).search('token', 10, header)).toEqual(
      whole.search('token', 10),
    );
    expect(fetched).not.toContain(STATIC_SEARCH_HEADER);
    expect(fetched.length).toBeGreaterThan(1);
  });

  it('warms up with the header and the meta, which the next search takes; the one after asks for the header again', async () => {
    const fetched: string[] = [];
    const search = staticSearchOf(files, fetched);
    await search.warm();
    expect(fetched).toEqual([STATIC_SEARCH_HEADER, staticSearchFile(header.meta)]);
    fetched.length = 0;
    expect(await search.search('token', 10)).toEqual(whole.search('token', 10));
    expect(fetched).not.toContain(STATIC_SEARCH_HEADER);
    expect(fetched).not.toContain(staticSearchFile(header.meta));
    expect(fetched.length).toBeGreaterThan(1);
    fetched.length = 0;
    expect(await search.search('phishing', 5)).toEqual(whole.search('phishing', 5));
    expect(fetched).toContain(STATIC_SEARCH_HEADER);
  });

  it('searches on its own when its warm-up could not read the header', async () => {
    let failures = 1;
    const search = createStaticSearch(async (path) => {
      if (path === STATIC_SEARCH_HEADER && failures-- > 0) throw new Error('offline');
      return builtJson(path);
    });
    await expect(search.warm()).rejects.toThrow('offline');
    expect(await search.search('token', 10)).toEqual(whole.search('token', 10));
  });

  it('reads the header again and searches the new build when the files of the last one are gone', async () => {
    const newer = edited.files;
    let headers = 0;
    const search = createStaticSearch(async (path) => {
      // The first header is the old build's, whose files the host no longer has.
      const source = path === STATIC_SEARCH_HEADER && headers++ === 0 ? files : newer;
      const bytes =
        path === STATIC_SEARCH_HEADER ? source.get(path.slice(1)) : newer.get(path.slice(1));
      if (!bytes) throw new MissingFile(path);
      return JSON.parse(Buffer.from(bytes).toString());
    });
    expect(await search.search('token', 10)).toEqual(
      wholeIndexSearch(edited.documents).search('token', 10),
    );
    expect(headers).toBe(2);
  });
});

describe('scoreEntries', () => {
  const miniSearch = whole.index;
  const plain = miniSearch.toJSON();
  // What the browser scores with: the statistics of the build's header and meta file.
  const statistics = {
    ...header,
    fieldLength: builtJson<StaticSearchMeta>(staticSearchFile(header.meta)).fieldLength,
  };
  const word = fc
    .constantFrom(...WORDS)
    .chain((w) => fc.integer({ min: 1, max: w.length }).map((n) => w.slice(0, n)));

  it("scores every match exactly as MiniSearch's search does over the whole index, to the last bit", () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        const terms = queryTerms(words.join(' '));
        const want = new Map(
          miniSearch.search(terms.join(' '), SEARCH_DEFAULTS).map((hit) => [hit.id, hit.score]),
        );
        const scored = scoreEntries(plain.index as IndexEntry[], terms, statistics);
        const got = new Map(scored.map((s) => [plain.documentIds[s.shortId], s.score]));
        expect(got).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });
});

describe('termFilesFor', () => {
  const header = {
    termFiles: ['0', 'ba', 'bz', 'ca', 'cab', 'cb'].map((first, i) => [first, `t${i}`]),
  } as StaticSearchHeader;
  it('gives the file a term falls in and every later file that begins with it', () => {
    expect(termFilesFor(header, 'a')).toEqual(['t0']);
    expect(termFilesFor(header, 'b')).toEqual(['t0', 't1', 't2']);
    expect(termFilesFor(header, 'bb')).toEqual(['t1']);
    expect(termFilesFor(header, 'ca')).toEqual(['t3', 't4']);
    expect(termFilesFor(header, 'c')).toEqual(['t2', 't3', 't4', 't5']);
    expect(termFilesFor(header, 'z')).toEqual(['t5']);
    expect(termFilesFor({ termFiles: [['m', 't0']] } as StaticSearchHeader, 'a')).toEqual([]);
  });
});
