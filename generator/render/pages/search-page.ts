import { assetPath } from '../asset-names.ts';
import { paths } from '../../../core/paths.ts';
import { MAX_QUERY_LENGTH } from '../../../core/search-options.ts';
import {
  fillSearchPage,
  NO_SEARCH,
  searchPageTemplate,
  slotMarker,
  type SearchPageTemplate,
} from '../../../core/search-page-template.ts';
import type { Corpus, Site } from '../../model/corpus.ts';
import { code, link, paragraph, text, titled } from './mdast-builders.ts';
import { type PageTexts, renderPage } from './render-page.ts';
import type { SitePage } from './site-page.ts';

/**
 * The site's search page. A search submits the form to /search/?q=, which the
 * search-page function answers with this page and the results filled in (without
 * JavaScript too); the script assets/search.js only speaks up where no function answers (a static
 * mirror). Its Markdown twin explains the API, which is what an agent needs.
 */
const SEARCH_UI = `<form class="site-search" role="search" action="${paths.page('search')}" method="get">
  <p><label for="search-q">Search every collection</label>
  <input id="search-q" name="q" type="search" required maxlength="${MAX_QUERY_LENGTH}" autocomplete="off" value="${slotMarker('query')}">
  <button type="submit">Search</button></p>
</form>
${slotMarker('outcome')}
<script type="module" src="${assetPath('search.js')}"></script>`;

export function searchPage(corpus: Corpus): SitePage {
  return {
    path: paths.page('search'),
    title: NO_SEARCH.title,
    description: `Search the threats, glossary, exposures, apps, AI risks and posts of ${corpus.site.name}.`,
    tree: titled('Search', [
      paragraph(
        text(
          'Every word must match; a partly typed word finds the words it begins. Title matches come first. The same search is an API: ',
        ),
        code(`GET ${paths.apiSearch}?q=<terms>&limit=<1-200>`),
        text(', described in the '),
        link(paths.apiReference, 'API reference'),
        text('.'),
      ),
    ]),
    htmlAppendix: SEARCH_UI,
  };
}

/**
 * The search page's files: the template the search-page function fills (the page with
 * its title, query and outcome as slots), the static page (the template with nothing
 * searched, so the two are the same bytes), and the Markdown twin.
 */
export function renderSearchPage(
  site: Site,
  page: SitePage,
): PageTexts & { template: SearchPageTemplate } {
  const { html, markdown } = renderPage(site, { ...page, title: slotMarker('title') });
  const template = searchPageTemplate(html);
  return { template, html: fillSearchPage(template, NO_SEARCH), markdown };
}
