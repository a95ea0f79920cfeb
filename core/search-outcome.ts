import { COLLECTION_KEYS, COLLECTIONS, type CollectionKey } from './collections.ts';
import { escapeHtml } from './escape-html.ts';
import { paths } from './paths.ts';
import { MAX_QUERY_LENGTH } from './search-options.ts';
import type { SearchPageValues } from './search-page-template.ts';
import type { SearchHit } from './search-ranking.ts';

/**
 * What the search page shows for a query: its title, and the HTML under the form. One
 * place for the page the search-page function renders and the page a browser fills in
 * from the static index on a mirror, so the two read the same.
 */

/** Results the page lists at most: the search API's default limit. */
export const PAGE_RESULTS = 50;

/** The page for the results of `query` (the first PAGE_RESULTS). */
export function resultsOutcome(query: string, hits: SearchHit[]): SearchPageValues {
  return { title: `Search results for “${query}”`, query, outcomeHtml: results(query, hits) };
}

/** The page for a query longer than MAX_QUERY_LENGTH, which is refused. */
export function tooLongOutcome(query: string): SearchPageValues {
  return {
    title: 'Search too long',
    query,
    outcomeHtml: outcome(
      'This search is too long',
      `<p>It has ${query.length} characters; a search can have at most ${MAX_QUERY_LENGTH}. Shorten it and search again.</p>`,
    ),
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
