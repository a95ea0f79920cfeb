import { paths } from '../core/paths.ts';
import { fillSearchPage, NO_SEARCH, type SearchPageValues } from '../core/search-page-template.ts';
import { MAX_QUERY_LENGTH } from '../core/search-options.ts';
import { PAGE_RESULTS, resultsOutcome, tooLongOutcome } from '../core/search-outcome.ts';
import type { ServiceData } from './service-data.ts';

const PAGE_METHODS = 'GET, HEAD';
const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * `/search/?q=`: the search page with the query's results, rendered on the server, so it
 * works without JavaScript. The page is the build's own (the template in
 * `_data/search-page.json`), so it has the site's layout and head; without a query it is
 * exactly the static `/search/index.html`. Its headers come from the header policy's page
 * kinds through the request guard.
 */
export function createSearchPage(data: ServiceData) {
  return async function searchPage(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response(null, { status: 405, headers: { Allow: PAGE_METHODS } });
    const url = new URL(request.url);
    const pagePath = paths.page('search');
    // The route takes the folder without its slash too; a folder redirects, as the static host does (with the query kept).
    if (url.pathname !== pagePath)
      return new Response(null, { status: 301, headers: { Location: pagePath + url.search } });

    const template = await data.searchPage();
    const page = (status: number, values: SearchPageValues, headers: HeadersInit = {}) =>
      new Response(fillSearchPage(template, values), {
        status,
        headers: { 'Content-Type': HTML_TYPE, ...headers },
      });

    const query = url.searchParams.get('q');
    if (query === null || query.trim() === '') return page(200, NO_SEARCH);
    if (query.length > MAX_QUERY_LENGTH) return page(400, tooLongOutcome(query));
    const hits = await data.search.search(query, PAGE_RESULTS);
    // One page per query ever typed is nothing a search engine should keep.
    return page(200, resultsOutcome(query, hits), { 'X-Robots-Tag': 'noindex' });
  };
}
