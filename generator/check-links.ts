import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import { paths } from '../core/paths.ts';
import type { FileMeta } from './analyze-file.ts';
import { collectionPagePaths } from './pages/collection-page.ts';
import type { Problem } from './problems.ts';

/** Checks that need the whole corpus: cross-references to other records and links to site pages. */
export function referenceProblems(file: string, analysis: FileMeta, slugs: Record<CollectionKey, Set<string>>): Problem[] {
  return analysis.references
    .filter((ref) => !slugs[ref.target].has(ref.slug))
    .map((ref) => ({
      file,
      line: ref.line,
      field: ref.field,
      what: `"${ref.slug}" is not a record of ${ref.target}`,
      fix: `use the slug of an existing file in content/${ref.target}/ or create content/${ref.target}/${ref.slug}.md`,
    }));
}

/** What the checks compare with: every record's slug by collection, and every path of the site. */
export interface SiteIndex {
  slugs: Record<CollectionKey, Set<string>>;
  sitePaths: Set<string>;
}

/** A corpus's records, as far as the index goes. */
type Slugged = Readonly<Record<CollectionKey, readonly { slug: string }[]>>;

const siteIndexes = new WeakMap<Slugged, SiteIndex>();

/** The index of these records (a corpus's), made once for them: npm run dev checks each edit against it. */
export function siteIndexOf(records: Slugged): SiteIndex {
  let index = siteIndexes.get(records);
  if (!index) {
    const slugs = Object.fromEntries(COLLECTION_KEYS.map((key) => [key, new Set(records[key].map((record) => record.slug))])) as SiteIndex['slugs'];
    siteIndexes.set(records, (index = { slugs, sitePaths: knownSitePaths(slugs) }));
  }
  return index;
}

/** Gives records the index already made for them, or for records with the same slugs. */
export function keepSiteIndex(records: Slugged, index: SiteIndex): void {
  siteIndexes.set(records, index);
}

export function knownSitePaths(slugs: Record<CollectionKey, Set<string>>): Set<string> {
  const known = new Set<string>([paths.home, paths.apiReference, paths.pricingPage, paths.page('about'), paths.page('contact'), paths.page('search')]);
  known.add(paths.llms).add(paths.llmsFull).add(paths.feed).add(paths.openapi).add(paths.apiIndex).add(paths.apiPricing);
  for (const key of COLLECTION_KEYS) {
    for (const page of collectionPagePaths(key, slugs[key].size)) known.add(page);
    known.add(paths.apiList(key));
    for (const slug of slugs[key]) known.add(paths.recordPage(key, slug)).add(paths.apiRecord(key, slug));
  }
  return known;
}

export function linkProblems(file: string, analysis: FileMeta, known: Set<string>): Problem[] {
  return analysis.links
    .filter((link) => {
      const target = link.url.replace(/[?#].*$/, '');
      return !known.has(target) && !known.has(`${target}/`);
    })
    .map((link) => ({
      file,
      line: link.line,
      field: 'body',
      what: `links to ${link.url}, which is not a page of the site`,
      fix: 'link to an existing page such as /glossary/<slug>/ or remove the link',
    }));
}
