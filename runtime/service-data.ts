import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { byCollection, type CollectionKey } from '../core/collections.ts';
import { pageFile, type UrlPath } from '../core/paths.ts';
import type { Summary } from '../core/summary.ts';
import type { InstanceImage } from '../core/instances.ts';
import type { SearchPageTemplate } from '../core/search-page-template.ts';
import { type StaticSearchOnDisk, staticSearchOnDisk } from './static-search-on-disk.ts';

/**
 * What the functions read, all produced by the build: dist/_data/, and beside it the static
 * search index and the pages' Markdown twins; never content files. Loaded once per
 * instance, each part when it is first needed; the search index file by file, as queries
 * need them (runtime/static-search-on-disk.ts).
 */
export interface ServiceData {
  baseUrl: string;
  siteName: string;
  /** The team's address (site settings), where contact messages go unless CONTACT_TO says otherwise. */
  contactEmail: string;
  /** The `docs` URL of every Error: the OpenAPI document. */
  docs: string;
  summaries(key: CollectionKey): Promise<Summary[]>;
  instanceImages(): Promise<InstanceImage[]>;
  /** The search over the static index in dist/assets/ (runtime/static-search-on-disk.ts). */
  search: StaticSearchOnDisk;
  /** The search page with slots for a query's results (core/search-page-template.ts). */
  searchPage(): Promise<SearchPageTemplate>;
  /** The contact page with a marker where each form goes (core/forms/render-form.ts). */
  contactPage(): Promise<string>;
  /** A page's Markdown twin, the bytes the site serves for it, or undefined when the build wrote none. */
  twin(pagePath: UrlPath): Promise<string | undefined>;
}

const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let promise: Promise<T> | undefined;
  return () => (promise ??= load());
};

/** Where a Netlify function finds dist/_data/ (bundled by netlify.toml's included_files). */
export function functionDataDir(): string {
  return path.resolve(process.env.SERVICE_DATA_DIR ?? 'dist/_data');
}

export async function loadServiceData(dataDir: string): Promise<ServiceData> {
  const service = JSON.parse(await readFile(path.join(dataDir, 'service.json'), 'utf8')) as {
    baseUrl: string;
    docs: string;
    siteName: string;
    contactEmail: string;
  };
  const lists = byCollection((key) =>
    once(
      async () =>
        JSON.parse(
          await readFile(path.join(dataDir, 'summaries', `${key}.json`), 'utf8'),
        ) as Summary[],
    ),
  );
  return {
    ...service,
    summaries: (key) => lists[key](),
    instanceImages: once(
      async () =>
        JSON.parse(
          await readFile(path.join(dataDir, 'instance-images.json'), 'utf8'),
        ) as InstanceImage[],
    ),
    // The static index lies beside dist/_data/ in the build (the functions that search bundle it: netlify.toml).
    search: staticSearchOnDisk(path.join(dataDir, '..')),
    searchPage: once(
      async () =>
        JSON.parse(
          await readFile(path.join(dataDir, 'search-page.json'), 'utf8'),
        ) as SearchPageTemplate,
    ),
    contactPage: once(() => readFile(path.join(dataDir, 'contact-page.html'), 'utf8')),
    // The twins lie beside dist/_data/ in the build (a Netlify function bundles them: netlify.toml).
    twin: (pagePath) =>
      readFile(path.join(dataDir, '..', `${pageFile(pagePath)}.md`), 'utf8').catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        },
      ),
  };
}
