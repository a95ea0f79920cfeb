import { byCollection, COLLECTION_KEYS, type CollectionKey } from '../../core/collections.ts';
import { API_BASE, paths } from '../../core/paths.ts';
import type { FileMeta } from './analyze-file.ts';
import { collectionPagePaths } from '../model/site-paths.ts';
import type { Problem } from '../model/problems.ts';

/** Checks that need the whole corpus: cross-references to other records and links to site pages. */
export function referenceProblems(
  file: string,
  analysis: FileMeta,
  slugs: Record<CollectionKey, Set<string>>,
): Problem[] {
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

/** What the checks compare with: every record's slug by collection, and whether a path is one of the site's. */
export interface SiteIndex {
  slugs: Record<CollectionKey, Set<string>>;
  isSitePath: (urlPath: string) => boolean;
}

/** A corpus's records, as far as the index goes. */
type Slugged = Readonly<Record<CollectionKey, readonly { slug: string }[]>>;

const siteIndexes = new WeakMap<Slugged, SiteIndex>();

/** The index of these records (a corpus's), made once for them: npm run dev checks each edit against it. */
export function siteIndexOf(records: Slugged): SiteIndex {
  let index = siteIndexes.get(records);
  if (!index) {
    const slugs = byCollection((key) => new Set(records[key].map((record) => record.slug)));
    siteIndexes.set(records, (index = { slugs, isSitePath: sitePathsOf(slugs) }));
  }
  return index;
}

/** Gives records the index already made for them, or for records with the same slugs. */
export function keepSiteIndex(records: Slugged, index: SiteIndex): void {
  siteIndexes.set(records, index);
}

/**
 * Whether a URL path is one of the site's: its pages, API documents and files, and each
 * record's page (`/collection/slug/`) and document (`/api/v1/collection/slug`), found by
 * their slug rather than listed: two paths made and hashed for every record, to check the
 * links of the one file edited, would be most of the check.
 */
export function sitePathsOf(
  slugs: Record<CollectionKey, Set<string>>,
): (urlPath: string) => boolean {
  const known = new Set<string>([
    paths.home,
    paths.apiReference,
    paths.pricingPage,
    paths.page('about'),
    paths.page('contact'),
    paths.page('search'),
  ]);
  known
    .add(paths.llms)
    .add(paths.llmsFull)
    .add(paths.feed)
    .add(paths.openapi)
    .add(paths.apiIndex)
    .add(paths.apiPricing);
  const collections = new Map<string, Set<string>>();
  for (const key of COLLECTION_KEYS) {
    for (const page of collectionPagePaths(key, slugs[key].size)) known.add(page);
    known.add(paths.apiList(key));
    collections.set(key, slugs[key]);
  }
  // `key/slug`, no other slash: a slug has none (SLUG_PATTERN).
  const isRecord = (keyAndSlug: string) => {
    const slash = keyAndSlug.indexOf('/');
    return (
      slash > 0 &&
      !keyAndSlug.includes('/', slash + 1) &&
      collections.get(keyAndSlug.slice(0, slash))?.has(keyAndSlug.slice(slash + 1)) === true
    );
  };
  const recordPages = (urlPath: string) =>
    urlPath.length > 2 &&
    urlPath.startsWith('/') &&
    urlPath.endsWith('/') &&
    isRecord(urlPath.slice(1, -1));
  const recordDocuments = (urlPath: string) =>
    urlPath.startsWith(`${API_BASE}/`) && isRecord(urlPath.slice(API_BASE.length + 1));
  return (urlPath) => known.has(urlPath) || recordPages(urlPath) || recordDocuments(urlPath);
}

export function linkProblems(
  file: string,
  analysis: FileMeta,
  isSitePath: (urlPath: string) => boolean,
): Problem[] {
  return analysis.links
    .filter((link) => {
      const target = link.url.replace(/[?#].*$/, '');
      return !isSitePath(target) && !isSitePath(`${target}/`);
    })
    .map((link) => ({
      file,
      line: link.line,
      field: 'body',
      what: `links to ${link.url}, which is not a page of the site`,
      fix: 'link to an existing page such as /glossary/<slug>/ or remove the link',
    }));
}
