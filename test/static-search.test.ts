import fc from 'fast-check';
import MiniSearch, { type AsPlainObject } from 'minisearch';
import { describe, expect, it } from 'vitest';
import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import { scoreEntries } from '../core/score-entries.ts';
import { SEARCH_DEFAULTS, SEARCH_INDEX_OPTIONS } from '../core/search-options.ts';
import { queryTerms } from '../core/search-ranking.ts';
import { createStaticSearch, MissingFile } from '../core/static-search.ts';
import {
  documentFile,
  fileCounts,
  type IndexEntry,
  metaFile,
  STATIC_SEARCH_HEADER,
  type StaticSearchHeader,
  type StaticSearchMeta,
  termFilesFor,
} from '../core/static-search-index.ts';
import type { Summary } from '../core/summary.ts';
import { searchDocuments, searchIndexJson } from '../generator/emit/search-index.ts';
import {
  documentFileNames,
  staticSearchFileNames,
  staticSearchFiles,
} from '../generator/emit/static-search-index.ts';
import { createSearch } from '../runtime/search.ts';

/**
 * The static index (core/static-search-index.ts) searched as the browser searches it,
 * against the search function over the whole index: the same matches in the same order,
 * for queries of every kind, over a corpus cut into many files.
 */
const WORDS =
  'browser browsing isolation isolate session sessions token tokens phishing phish prompt injection inject agent agents data exfiltration extension extensions clipboard credential credentials cookie cookies download downloads script scripts a an the of to über café naïve 2fa x'.split(
    ' ',
  );

function corpus(perCollection: number): Record<CollectionKey, Summary[]> {
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const words = (n: number) =>
    Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
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
const index = searchIndexJson((key) => summaries[key]);
const names = { version: 'v1', documentFiles: documentFileNames(documents) };
const files = staticSearchFiles(index, documents, names);
/** A file of the static index, as the browser reads it. */
const builtJson = <T>(path: string): T =>
  JSON.parse(Buffer.from(files.get(path.slice(1))!).toString()) as T;

describe('the static index', () => {
  it('has the files its names say, known before it is made', () => {
    expect([...files.keys()].sort()).toEqual(staticSearchFileNames(names, documents.length).sort());
    expect(fileCounts(documents.length).termFiles).toBeGreaterThan(20);
  });

  it('names each file of stored fields by what it holds: an edit renames the one file of its record, and a file keeps its name while its bytes stay', () => {
    const edited = structuredClone(summaries);
    edited.apps[3]!.summary = 'An edited summary.';
    const editedDocuments = searchDocuments((key) => edited[key]);
    const editedNames = documentFileNames(editedDocuments);
    const renamed = editedNames.filter((name, i) => name !== names.documentFiles[i]);
    expect(renamed).toHaveLength(1);
    const editedFiles = staticSearchFiles(
      searchIndexJson((key) => edited[key]),
      editedDocuments,
      { version: 'v2', documentFiles: editedNames },
    );
    for (const name of editedNames) {
      const file = documentFile(name).slice(1);
      const bytes = Buffer.from(editedFiles.get(file)!);
      if (renamed.includes(name)) expect(bytes.toString()).toContain('An edited summary.');
      else expect(bytes.equals(files.get(file)!), name).toBe(true);
    }
    // A record gone moves the records after it to other short ids: their files are renamed, the ones before are not.
    const fewer = structuredClone(summaries);
    fewer.posts.splice(5, 1);
    const fewerNames = documentFileNames(searchDocuments((key) => fewer[key]));
    const keptNames = fewerNames.filter((name) => names.documentFiles.includes(name));
    expect(keptNames.length).toBeGreaterThan(names.documentFiles.length - 20);
    expect(keptNames.length).toBeLessThan(fewerNames.length);
  });

  it('finds what the search function finds, in its order, for every kind of query', async () => {
    const api = createSearch(index.toString());
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
        const want = api.search(q, limit);
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
    const header = builtJson<StaticSearchHeader>(STATIC_SEARCH_HEADER);
    expect(fetched.filter((p) => /\/t\d+\.json$/.test(p))).toHaveLength(
      termFilesFor(header, 'phishing').length,
    );
    expect(fetched.filter((p) => /\/d[0-9a-f]{16}\.json$/.test(p)).length).toBeLessThanOrEqual(5);
  });

  it('takes the header a caller asked for early, and does not ask for it again', async () => {
    const fetched: string[] = [];
    const header = Promise.resolve(builtJson(STATIC_SEARCH_HEADER));
    expect(await staticSearchOf(files, fetched).search('token', 10, header)).toEqual(
      createSearch(index.toString()).search('token', 10),
    );
    expect(fetched).not.toContain(STATIC_SEARCH_HEADER);
    expect(fetched.length).toBeGreaterThan(1);
  });

  it('warms up with the header and the meta, which the next search takes; the one after asks for the header again', async () => {
    const fetched: string[] = [];
    const search = staticSearchOf(files, fetched);
    await search.warm();
    expect(fetched).toEqual([STATIC_SEARCH_HEADER, metaFile('v1')]);
    fetched.length = 0;
    const api = createSearch(index.toString());
    expect(await search.search('token', 10)).toEqual(api.search('token', 10));
    expect(fetched).not.toContain(STATIC_SEARCH_HEADER);
    expect(fetched).not.toContain(metaFile('v1'));
    expect(fetched.length).toBeGreaterThan(1);
    fetched.length = 0;
    expect(await search.search('phishing', 5)).toEqual(api.search('phishing', 5));
    expect(fetched).toContain(STATIC_SEARCH_HEADER);
  });

  it('searches on its own when its warm-up could not read the header', async () => {
    let failures = 1;
    const search = createStaticSearch(async (path) => {
      if (path === STATIC_SEARCH_HEADER && failures-- > 0) throw new Error('offline');
      return builtJson(path);
    });
    await expect(search.warm()).rejects.toThrow('offline');
    expect(await search.search('token', 10)).toEqual(
      createSearch(index.toString()).search('token', 10),
    );
  });

  it('reads the header again and searches the new build when the files of the last one are gone', async () => {
    const newer = staticSearchFiles(index, documents, { ...names, version: 'v2' });
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
      createSearch(index.toString()).search('token', 10),
    );
    expect(headers).toBe(2);
  });
});

describe('scoreEntries', () => {
  const plain = JSON.parse(index.toString()) as AsPlainObject;
  const miniSearch = MiniSearch.loadJSON(index.toString(), SEARCH_INDEX_OPTIONS);
  // What the browser scores with: the statistics of the build's header and meta.json.
  const header = builtJson<StaticSearchHeader>(STATIC_SEARCH_HEADER);
  const statistics = {
    ...header,
    fieldLength: builtJson<StaticSearchMeta>(metaFile(header.version)).fieldLength,
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
  const header = { termFiles: ['0', 'ba', null, 'bz', 'ca', 'cab', 'cb'] } as StaticSearchHeader;
  it('gives the file a term falls in and every later file that begins with it', () => {
    expect(termFilesFor(header, 'a')).toEqual([0]);
    expect(termFilesFor(header, 'b')).toEqual([0, 1, 3]);
    expect(termFilesFor(header, 'bb')).toEqual([1]);
    expect(termFilesFor(header, 'ca')).toEqual([4, 5]);
    expect(termFilesFor(header, 'c')).toEqual([3, 4, 5, 6]);
    expect(termFilesFor(header, 'z')).toEqual([6]);
    expect(termFilesFor({ termFiles: ['m'] } as StaticSearchHeader, 'a')).toEqual([]);
  });
});
