import { PAGE_RESULTS, resultsOutcome, tooLongOutcome } from './search-outcome.ts';
import { MAX_QUERY_LENGTH } from './search-options.ts';
import { NO_SEARCH, type SearchPageValues } from './search-page-template.ts';
import type { SearchHit } from './search-ranking.ts';
import { createStaticSearch, MissingFile } from './static-search.ts';
import { STATIC_SEARCH_HEADER } from './static-search-index.ts';

/**
 * The search of the site's pages where no function answers (a static mirror), bundled for
 * the browser by the build (generator/render/browser-bundle.ts) and loaded by the page
 * scripts only when they need it: the static index's search, and the search page as the
 * search-page function renders it.
 */
const engine = createStaticSearch(async (path) =>
  jsonOf(path, await fetch(path, { headers: { Accept: 'application/json' } })),
);

async function jsonOf(path: string, response: Response): Promise<unknown> {
  if (response.status === 404) throw new MissingFile(`${path} is gone`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

/**
 * The answer to the index's header (STATIC_SEARCH_HEADER), when a script asked for it before
 * importing the engine: the one round trip a warm cache still makes then overlaps the
 * engine's loading instead of following it.
 */
type EarlyHeader = Promise<Response> | undefined;

const headerOf = (early: EarlyHeader) =>
  early?.then((response) => jsonOf(STATIC_SEARCH_HEADER, response));

/** The best `limit` matches of `query`, as the search API returns them. */
export const search = (query: string, limit: number, header?: EarlyHeader): Promise<SearchHit[]> =>
  engine.search(query, limit, headerOf(header));

/** Fetches what every query needs, for a search about to be asked (core/static-search.ts). */
export const warm = (): Promise<void> => engine.warm();

/** The title and outcome of the search page for `query` (not empty), as the search-page function renders them. */
export async function searchPage(query: string, header?: EarlyHeader): Promise<SearchPageValues> {
  if (query.length > MAX_QUERY_LENGTH) return tooLongOutcome(query);
  return resultsOutcome(query, await engine.search(query, PAGE_RESULTS, headerOf(header)));
}

/** The title of the page with nothing searched, which the page's `<title>` begins with. */
export const NO_SEARCH_TITLE = NO_SEARCH.title;
