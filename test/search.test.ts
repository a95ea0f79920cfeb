import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { SEARCH_INDEX_OPTIONS, type SearchDocument } from '../core/search-options.ts';
import { queryTerms } from '../core/search-ranking.ts';
import { createSearch } from '../runtime/search.ts';

type IndexedFields = Omit<SearchDocument, 'id' | 'url' | 'category' | 'lastUpdated'>;

function index(docs: IndexedFields[]): string {
  const mini = new MiniSearch<SearchDocument>(SEARCH_INDEX_OPTIONS);
  mini.addAll(
    docs.map((d) => ({
      ...d,
      id: `${d.collection}/${d.slug}`,
      url: `https://x.example/${d.slug}/`,
      category: 'c',
      lastUpdated: '2026-11-01',
    })),
  );
  return JSON.stringify(mini);
}

// Crafted so that plain BM25, title boost included, scores the summary-only match highest:
// the term is common among titles (low weight there) and rare among summaries.
const CORPUS = index([
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

describe('search ranking', () => {
  const search = createSearch(CORPUS);

  it('puts every title match above every summary-only match, whatever the scores', () => {
    const order = search.search('quarantine', 50).map((h) => h.slug);
    expect(order).toHaveLength(12);
    const summaryOnly = ['summary-only', 'partial', 'none-in-title'];
    const lastTitle = Math.max(
      ...order.filter((s) => !summaryOnly.includes(s)).map((s) => order.indexOf(s)),
    );
    const firstSummary = Math.min(...summaryOnly.map((s) => order.indexOf(s)));
    expect(lastTitle).toBeLessThan(firstSummary);
  });

  it('ranks all terms in the title above some terms in the title above none', () => {
    const order = search.search('quarantine isolation', 10).map((h) => h.slug);
    expect(order[0]).toBe('both');
    expect(order.slice(1, 3).sort()).toEqual(['partial', 'summary-only']);
    expect(order[3]).toBe('none-in-title');
    expect(order).toHaveLength(4);
  });

  it('requires every term and matches prefixes of words', () => {
    expect(search.search('quar', 50).length).toBe(12);
    expect(search.search('quarantine zebra', 10)).toEqual([]);
    expect(search.search('isol agen', 10).map((h) => h.slug)).toEqual(['partial']);
  });

  it('turns hostile input into plain terms', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text as it is, `${` included
    expect(queryTerms('.*+?^${}()|[]\\ \u0000 \u0007QUAR')).toEqual(['quar']);
    expect(queryTerms(Array.from({ length: 100 }, (_, i) => `t${i}`).join(' '))).toHaveLength(24);
    expect(search.search('((((', 10)).toEqual([]);
  });
});
