import { COLLECTION_KEYS, COLLECTIONS, type CollectionKey } from '../core/collections.ts';
import { escapeHtml } from '../core/escape-html.ts';
import { paths } from '../core/paths.ts';
import { fillSearchPage, NO_SEARCH, type SearchPageValues } from '../core/search-page-template.ts';
import { MAX_QUERY_LENGTH } from '../core/search-options.ts';
import type { SearchHit } from './search.ts';
import type { ServiceData } from './service-data.ts';

/** Results the page lists at most: the search API's default limit. */
export const PAGE_RESULTS = 50;

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
    if (query.length > MAX_QUERY_LENGTH)
      return page(400, { title: 'Search too long', query, outcomeHtml: tooLong(query) });
    const hits = (await data.search()).search(query, PAGE_RESULTS);
    // One page per query ever typed is nothing a search engine should keep.
    return page(
      200,
      { title: `Search results for “${query}”`, query, outcomeHtml: results(query, hits) },
      { 'X-Robots-Tag': 'noindex' },
    );
  };
}

const quoted = (query: string) => `“${escapeHtml(query)}”`;

function outcome(heading: string, body: string): string {
  return `<section class="search-outcome" aria-labelledby="search-outcome-title">
<h2 id="search-outcome-title">${heading}</h2>
${body}
</section>`;
}

function results(query: string, hits: SearchHit[]): string {
  if (hits.length === 0) {
    const browse = COLLECTION_KEYS.map(
      (key) => `<a href="${paths.collectionPage(key)}">${escapeHtml(COLLECTIONS[key].title)}</a>`,
    ).join(', ');
    return outcome(
      `No results for ${quoted(query)}`,
      `<p>Every word must match, and a word matches the words it begins. Try fewer or shorter words, or browse ${browse}.</p>`,
    );
  }
  const heading =
    hits.length === PAGE_RESULTS
      ? `The first ${PAGE_RESULTS} results for ${quoted(query)}`
      : `${hits.length} result${hits.length === 1 ? '' : 's'} for ${quoted(query)}`;
  const items = hits.map((hit) => {
    const collection = COLLECTIONS[hit.collection as CollectionKey]?.title ?? hit.collection;
    // The record's path, not its canonical URL: the results link within the copy of the site being read.
    return `<li><a href="${escapeHtml(new URL(hit.url).pathname)}">${escapeHtml(hit.title)}</a> <span class="search-collection">${escapeHtml(collection)}</span>
<p>${escapeHtml(hit.summary)}</p></li>`;
  });
  const narrow = hits.length === PAGE_RESULTS ? '\n<p>Add a word to narrow the search.</p>' : '';
  return outcome(heading, `<ol class="search-results">\n${items.join('\n')}\n</ol>${narrow}`);
}

function tooLong(query: string): string {
  return outcome(
    'This search is too long',
    `<p>It has ${query.length} characters; a search can have at most ${MAX_QUERY_LENGTH}. Shorten it and search again.</p>`,
  );
}
