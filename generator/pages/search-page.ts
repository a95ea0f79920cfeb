import { paths } from '../../core/paths.ts';
import type { Corpus } from '../load-content.ts';
import { code, link, paragraph, text, titled } from './mdast-builders.ts';
import type { SitePage } from './site-page.ts';

/**
 * The site's search page: a form that asks the search API from the browser
 * (/assets/search.js). Its Markdown twin explains the API, which is what an agent needs.
 */
const SEARCH_UI = `<form class="site-search" role="search" action="${paths.page('search')}" method="get">
  <p><label for="search-q">Search every collection</label>
  <input id="search-q" name="q" type="search" required maxlength="512" autocomplete="off">
  <button type="submit">Search</button></p>
</form>
<noscript><p>Search runs in your browser with JavaScript; without it, use the search API directly.</p></noscript>
<p class="search-status" role="status" aria-live="polite"></p>
<ol class="search-results"></ol>
<script src="/assets/search.js" defer></script>`;

export function searchPage(corpus: Corpus): SitePage {
  return {
    path: paths.page('search'),
    title: 'Search',
    description: `Search the threats, glossary, exposures, apps, AI risks and posts of ${corpus.site.name}.`,
    tree: titled('Search', [
      paragraph(
        text('Every word must match; a partly typed word finds the words it begins. Title matches come first. The same search is an API: '),
        code(`GET ${paths.apiSearch}?q=<terms>&limit=<1-200>`),
        text(', described in the '),
        link(paths.apiReference, 'API reference'),
        text('.'),
      ),
    ]),
    htmlAppendix: SEARCH_UI,
  };
}
