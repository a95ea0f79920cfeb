import { isCollectionKey, SLUG_PATTERN, type CollectionKey } from '../core/collections.ts';
import { paths } from '../core/paths.ts';

/** What a path under /api/v1 names. */
export type ReadRoute =
  | { kind: 'index' | 'search' | 'pricing' | 'openapi' | 'manifest' }
  | { kind: 'list'; collection: CollectionKey }
  | { kind: 'record'; collection: CollectionKey; slug: string }
  | { kind: 'unknown' };

export const READ_METHODS = 'GET, HEAD';

export function readRoute(pathname: string): ReadRoute {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (trimmed === paths.apiIndex) return { kind: 'index' };
  if (trimmed === paths.apiSearch) return { kind: 'search' };
  if (trimmed === paths.apiPricing) return { kind: 'pricing' };
  if (trimmed === paths.openapi) return { kind: 'openapi' };
  if (trimmed === paths.apiManifest) return { kind: 'manifest' };
  const [collection, slug, ...rest] = trimmed.slice(paths.apiIndex.length + 1).split('/');
  if (!collection || !isCollectionKey(collection) || rest.length) return { kind: 'unknown' };
  if (slug === undefined) return { kind: 'list', collection };
  return SLUG_PATTERN.test(slug) ? { kind: 'record', collection, slug } : { kind: 'unknown' };
}
