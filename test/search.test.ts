import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchDocument } from '../core/search-options.ts';
import { queryTerms } from '../core/search-ranking.ts';
import { MissingFile } from '../core/static-search.ts';
import { STATIC_SEARCH_FOLDER, STATIC_SEARCH_HEADER } from '../core/static-search-index.ts';
import { documentFileNames, staticSearchFiles } from '../generator/emit/static-search-index.ts';
import { staticSearchOnDisk } from '../runtime/static-search-on-disk.ts';
import { keysOf } from './support/document-keys.ts';
import { wholeIndexSearch } from './support/search-oracle.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/**
 * The functions' search (runtime/static-search-on-disk.ts): the search's rules over the
 * static index, as a build writes it into its folder, read from disk.
 */
type IndexedFields = Omit<SearchDocument, 'id' | 'url' | 'category' | 'lastUpdated'>;

const documentsOf = (docs: IndexedFields[]): SearchDocument[] =>
  docs.map((d) => ({
    ...d,
    id: `${d.collection}/${d.slug}`,
    url: `https://x.example/${d.slug}/`,
    category: 'c',
    lastUpdated: '2026-11-01',
  }));

/** Writes the static index of `documents` into `distDir`, as a build does. */
async function writeIndex(distDir: string, documents: SearchDocument[]): Promise<void> {
  const files = staticSearchFiles(documents, documentFileNames(keysOf(documents)));
  for (const [file, bytes] of files) {
    await mkdir(path.dirname(path.join(distDir, file)), { recursive: true });
    await writeFile(path.join(distDir, file), bytes);
  }
}

// Crafted so that plain BM25, title boost included, scores the summary-only match highest:
// the term is common among titles (low weight there) and rare among summaries.
const CORPUS = documentsOf([
  ...Array.from(
    { length: 8 },
    (_, i): IndexedFields => ({
      collection: 'threats',
      slug: `title-${i}`,
      title: `Quarantine policy ${i} for long-running managed endpoints and devices`,
      summary: `Filler summary ${i} text.`,
    }),
  ),
  { collection: 'glossary', slug: 'summary-only', title: 'Isolation', summary: 'Quarantine' },
  {
    collection: 'posts',
    slug: 'both',
    title: 'Quarantine and isolation',
    summary: 'Isolation basics.',
  },
  {
    collection: 'ai',
    slug: 'partial',
    title: 'Isolation of agents',
    summary: 'Quarantine for agents',
  },
  {
    collection: 'exposures',
    slug: 'none-in-title',
    title: 'Unrelated heading',
    summary: 'Quarantine and isolation',
  },
  ...Array.from(
    { length: 8 },
    (_, i): IndexedFields => ({
      collection: 'apps',
      slug: `filler-${i}`,
      title: `Other ${i}`,
      summary: `Different filler ${i} words here.`,
    }),
  ),
]);

/** The corpus as a later build has it: one more record that matches `quarantine`. */
const REBUILT = [
  ...CORPUS,
  ...documentsOf([
    { collection: 'posts', slug: 'added', title: 'Quarantine news', summary: 'Added later.' },
  ]),
];

const slugs = (hits: { slug: string }[]) => hits.map((h) => h.slug);

describe('search ranking', () => {
  let search: ReturnType<typeof staticSearchOnDisk>['search'];
  beforeAll(async () => {
    const dist = await temporaryDirectory('search-');
    await writeIndex(dist, CORPUS);
    search = staticSearchOnDisk(dist).search;
  });

  it('puts every title match above every summary-only match, whatever the scores', async () => {
    const order = slugs(await search('quarantine', 50));
    expect(order).toHaveLength(12);
    const summaryOnly = ['summary-only', 'partial', 'none-in-title'];
    const lastTitle = Math.max(
      ...order.filter((s) => !summaryOnly.includes(s)).map((s) => order.indexOf(s)),
    );
    const firstSummary = Math.min(...summaryOnly.map((s) => order.indexOf(s)));
    expect(lastTitle).toBeLessThan(firstSummary);
  });

  it('ranks all terms in the title above some terms in the title above none', async () => {
    const order = slugs(await search('quarantine isolation', 10));
    expect(order[0]).toBe('both');
    expect(order.slice(1, 3).sort()).toEqual(['partial', 'summary-only']);
    expect(order[3]).toBe('none-in-title');
    expect(order).toHaveLength(4);
  });

  it('requires every term and matches prefixes of words', async () => {
    expect(await search('quar', 50)).toHaveLength(12);
    expect(await search('quarantine zebra', 10)).toEqual([]);
    expect(slugs(await search('isol agen', 10))).toEqual(['partial']);
  });

  it('turns hostile input into plain terms', async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text as it is, `${` included
    expect(queryTerms('.*+?^${}()|[]\\ \u0000 \u0007QUAR')).toEqual(['quar']);
    expect(queryTerms(Array.from({ length: 100 }, (_, i) => `t${i}`).join(' '))).toHaveLength(24);
    expect(await search('((((', 10)).toEqual([]);
  });

  it('finds what MiniSearch finds over the whole index, in its order', async () => {
    const whole = wholeIndexSearch(CORPUS);
    for (const query of ['quarantine', 'quar isol', 'filler', 'other 3', 'agents', 'zebra'])
      for (const limit of [1, 3, 50])
        expect(await search(query, limit), `${query} (${limit})`).toEqual(
          whole.search(query, limit),
        );
  });
});

describe('the static index on disk', () => {
  it('is read again for every search, so a rebuilt folder is searched as soon as it is written', async () => {
    const dist = await temporaryDirectory('search-');
    await writeIndex(dist, CORPUS);
    const { search } = staticSearchOnDisk(dist);
    expect(slugs(await search('quarantine', 50))).not.toContain('added');
    // The first build's files stay beside the new ones: only the new header says which are current.
    await writeIndex(dist, REBUILT);
    expect(slugs(await search('quarantine', 50))).toContain('added');
  });

  it('reads the new header and searches again when a rebuild removed the files of the header it had read', async () => {
    const dist = await temporaryDirectory('search-');
    await writeIndex(dist, CORPUS);
    const engine = staticSearchOnDisk(dist);
    // The warm-up's header is the one the next search takes: the first build's.
    await engine.warm();
    await rm(path.join(dist, STATIC_SEARCH_FOLDER), { recursive: true });
    await writeIndex(dist, REBUILT);
    expect(await engine.search('quarantine', 50)).toEqual(
      wholeIndexSearch(REBUILT).search('quarantine', 50),
    );
  });

  it('says which file is missing when the folder has no index', async () => {
    const dist = await temporaryDirectory('search-');
    const searching = staticSearchOnDisk(dist).search('quarantine', 10);
    await expect(searching).rejects.toBeInstanceOf(MissingFile);
    await expect(searching).rejects.toThrow(path.join(dist, STATIC_SEARCH_HEADER));
  });

  it('passes on an error other than a missing file as it is', async () => {
    const dist = await temporaryDirectory('search-');
    await mkdir(path.join(dist, STATIC_SEARCH_HEADER), { recursive: true });
    await expect(staticSearchOnDisk(dist).search('quarantine', 10)).rejects.toMatchObject({
      code: 'EISDIR',
    });
  });
});
