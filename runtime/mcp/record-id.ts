import { COLLECTION_KEYS, type CollectionKey, SLUG_PATTERN } from '../../core/collections.ts';

/** A record as the MCP tools name it: `collection/slug`, as in its page's path. */
export interface RecordRef {
  collection: CollectionKey;
  slug: string;
}

export const recordId = ({ collection, slug }: RecordRef): string => `${collection}/${slug}`;

const isCollection = (key: string): key is CollectionKey =>
  (COLLECTION_KEYS as readonly string[]).includes(key);

const TWIN_FILE = 'index.html.md';

/**
 * The record an id names: `collection/slug`, or the URL of the record's page (absolute on
 * one of `origins`, or a path), its twin's URL included. Undefined for anything else.
 */
export function parseRecordId(id: string, origins: readonly string[]): RecordRef | undefined {
  let pathname = id.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(pathname)) {
    let url: URL;
    try {
      url = new URL(pathname);
    } catch {
      return undefined;
    }
    if (!origins.includes(url.origin)) return undefined;
    pathname = url.pathname;
  }
  const parts = pathname.split('/').filter(Boolean);
  if (parts.at(-1) === TWIN_FILE) parts.pop();
  if (parts.length !== 2) return undefined;
  const [collection, slug] = parts as [string, string];
  return isCollection(collection) && SLUG_PATTERN.test(slug) ? { collection, slug } : undefined;
}
