import type { CollectionKey } from '../../core/collections.ts';
import type { InstanceImage } from '../../core/instances.ts';
import type { WrittenBody } from '../markdown/markdown.ts';

/**
 * The domain of a build: the content as loaded and validated (load/), which every later
 * stage renders, emits and writes.
 */

export interface Site {
  name: string;
  baseUrl: string;
  description: string;
  apiName: string;
  apiDescription: string;
  /** The terms the API's content is published under, named in its OpenAPI document. */
  apiLicense?: { name: string; url: string };
  contactEmail: string;
  language: string;
}

export interface PricingPlan {
  id: string;
  name: string;
  price: number;
  interval: 'month' | 'year';
  trial: string;
}

export interface PricingSource {
  product: string;
  description: string;
  currency: string;
  plans: PricingPlan[];
  includes: string[];
  supportedBrowsers: string[];
  installUrl: string;
  lastUpdated: string;
}

export interface ContentRecord {
  collection: CollectionKey;
  slug: string;
  file: string;
  /**
   * Validated frontmatter: the common fields plus the collection's own. For a record kept
   * from the last build (last-analyses.ts) the long values (prose fields, lists of long
   * items) are left out: only the record's own page and document show them, and those are
   * made from `complete()`.
   */
  fields: Record<string, unknown> & {
    title: string;
    category: string;
    summary: string;
    lastUpdated: string;
  };
  /** The record with every field, read from the cache if need be. */
  complete(): ContentRecord;
  /** A hash of the file: what every output built from this record alone depends on. */
  source: string;
  /** Words of the body, known without reading the body (reading times). */
  words: number;
  /** Read only for the pages and documents that are written again. */
  body(): WrittenBody;
  url: string;
}

export interface Page {
  name: string;
  file: string;
  title: string;
  description: string;
  source: string;
  body(): WrittenBody;
}

export interface Corpus {
  site: Site;
  pricing: PricingSource;
  /** The browser images instances can run (proposed contract). */
  instanceImages: InstanceImage[];
  pages: Record<'home' | 'about' | 'contact', Page>;
  /** Every collection's records, in the order lists publish them. */
  records: Record<CollectionKey, ContentRecord[]>;
}

export const REQUIRED_PAGES = ['home', 'about', 'contact'] as const;
