import { readFileSync } from 'node:fs';
import { COLLECTION_KEYS } from '../core/collections.ts';
import { apiFile, paths } from '../core/paths.ts';
import { summaryPage } from '../core/summary.ts';
import { notFoundError } from '../core/api-error.ts';
import { apiIndex, pricingDocument, recordDocument, toSummary } from './emit/api-documents.ts';
import { llmsFullTxt, llmsTxt } from './emit/llms-txt.ts';
import { DATA_DIR, HEADERS_FILE, headersFile, REDIRECTS_FILE, redirectsFile } from './emit/netlify-rules.ts';
import { openApiDocument } from './emit/openapi.ts';
import { searchIndexJson } from './emit/search-index.ts';
import { postsFeed, robotsTxt, sitemapXml } from './emit/xml-documents.ts';
import type { Corpus } from './load-content.ts';
import { NO_PROGRESS, type Progress } from './progress.ts';
import { NO_CACHE, type BuildCache } from './build-cache.ts';
import { apiReferencePage } from './pages/api-reference-page.ts';
import { collectionPage } from './pages/collection-page.ts';
import { contentPages } from './pages/content-pages.ts';
import { layout } from './pages/layout.ts';
import { pricingPage } from './pages/pricing-page.ts';
import { recordPage } from './pages/record-page.ts';
import { searchPage } from './pages/search-page.ts';
import { renderPage } from './pages/render-page.ts';
import type { SitePage } from './pages/site-page.ts';

const asset = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8');

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Everything dist/ holds, as file path -> content. The same corpus always gives the same
 * map; the cache only spares re-rendering pages and records whose inputs did not change.
 */
export function renderSite(corpus: Corpus, cache: BuildCache = NO_CACHE, progress: Progress = NO_PROGRESS): Map<string, string> {
  const files = new Map<string, string>();
  const put = (file: string, content: string) => {
    if (files.has(file)) throw new Error(`Two outputs claim ${file}`);
    files.set(file, content);
  };

  const openapi = openApiDocument(corpus);
  put(apiFile(paths.apiIndex), json(apiIndex(corpus)));
  put(apiFile(paths.apiPricing), json(pricingDocument(corpus)));
  put(paths.openapi.slice(1), json(openapi));
  put(paths.apiNotFoundDocument.slice(1), json(notFoundError(corpus.site.baseUrl)));
  for (const key of COLLECTION_KEYS) {
    const summaries = corpus.records[key].map(toSummary);
    put(apiFile(paths.apiList(key)), json(summaryPage(key, summaries)));
    put(`${DATA_DIR}/summaries/${key}.json`, json(summaries));
    for (const record of corpus.records[key]) {
      put(apiFile(paths.apiRecord(key, record.slug)), cache.remember(() => ['record', JSON.stringify(record)], () => json(recordDocument(record))));
    }
  }
  put(`${DATA_DIR}/search-index.json`, searchIndexJson(corpus));
  put(`${DATA_DIR}/instance-images.json`, json(corpus.instanceImages));
  put(`${DATA_DIR}/service.json`, json({ baseUrl: corpus.site.baseUrl, docs: corpus.site.baseUrl + paths.openapi, siteName: corpus.site.name, contactEmail: corpus.site.contactEmail }));

  const pages: SitePage[] = [
    ...contentPages(corpus),
    ...COLLECTION_KEYS.flatMap((key) => [collectionPage(corpus, key), ...corpus.records[key].map((r) => recordPage(corpus, r))]),
    pricingPage(corpus),
    apiReferencePage(corpus, openapi),
    searchPage(corpus),
  ];
  const twins = new Map<string, string>();
  const siteJson = JSON.stringify(corpus.site);
  for (const [i, page] of pages.entries()) {
    progress('render', i, pages.length);
    const { html, markdown } = cache.remember(() => ['page', siteJson, JSON.stringify(page)], () => renderPage(corpus.site, page));
    put(...html);
    put(...markdown);
    twins.set(page.path, markdown[1]);
  }
  put(
    '404.html',
    layout({
      site: corpus.site,
      path: '/404.html',
      title: 'Page not found',
      description: 'This page does not exist.',
      main: `<h1>Page not found</h1>\n<p>Nothing is published at this address. Try the <a href="/">home page</a>, the collections above, or <a href="${paths.llms}">llms.txt</a> for a list of every page.</p>`,
      hasTwin: false,
    }),
  );
  put('assets/site.css', asset('site.css'));
  put('assets/forms.js', asset('forms.js'));
  put('assets/favicon.svg', asset('favicon.svg'));
  put('assets/search.js', asset('search.js'));
  put(paths.llms.slice(1), llmsTxt(corpus));
  put(paths.llmsFull.slice(1), llmsFullTxt(corpus, twins));
  put(paths.sitemap.slice(1), sitemapXml(corpus, pages));
  put(paths.feed.slice(1), postsFeed(corpus));
  put('robots.txt', robotsTxt(corpus));
  put(REDIRECTS_FILE, redirectsFile(corpus));
  put(HEADERS_FILE, headersFile());
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
