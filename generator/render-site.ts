import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import { apiFile, pageFile, paths, twinPath } from '../core/paths.ts';
import { summaryPage, type Summary } from '../core/summary.ts';
import { notFoundError } from '../core/api-error.ts';
import { apiIndex, pricingDocument, recordDocument, toSummary } from './emit/api-documents.ts';
import { llmsFullParts, llmsTxt } from './emit/llms-txt.ts';
import { DATA_DIR, HEADERS_FILE, headersFile, REDIRECTS_FILE, redirectsFile } from './emit/netlify-rules.ts';
import { openApiDocument } from './emit/openapi.ts';
import { searchIndexJson } from './emit/search-index.ts';
import { postsFeed, robotsTxt, sitemapXml } from './emit/xml-documents.ts';
import type { ContentRecord, Corpus } from './load-content.ts';
import { eventLoopTurns } from './event-loop-turns.ts';
import { NO_PROGRESS, type Progress } from './progress.ts';
import { PROJECT_DIR } from './project-dir.ts';
import { composedOutput, lazyOutput, outputKey, type Output } from './outputs.ts';
import { apiReferencePage } from './pages/api-reference-page.ts';
import { collectionPage, latestDate, recordCards } from './pages/collection-page.ts';
import { contentPages } from './pages/content-pages.ts';
import { layout } from './pages/layout.ts';
import { pricingPage } from './pages/pricing-page.ts';
import { recordPage } from './pages/record-page.ts';
import { recordContext } from './pages/record-context.ts';
import { searchPage } from './pages/search-page.ts';
import { renderPage } from './pages/render-page.ts';
import type { SitePage } from './pages/site-page.ts';

const asset = (name: string) => readFileSync(path.join(PROJECT_DIR, 'generator', 'assets', name), 'utf8');

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Everything dist/ holds, as file path -> output. The same corpus always gives the same
 * files. Asynchronous only to let a server in the same process answer meanwhile. A record's page, twin and JSON document are lazy: rendered only when their
 * signature (the record's file, the titles it links to, the site settings) differs from
 * what dist/ holds, so an unchanged record costs nothing but the check.
 */
export async function renderSite(corpus: Corpus, progress: Progress = NO_PROGRESS): Promise<Map<string, Output>> {
  const turn = eventLoopTurns();
  const files = new Map<string, Output>();
  const put = (file: string, content: Output) => {
    if (files.has(file)) throw new Error(`Two outputs claim ${file}`);
    files.set(file, content);
  };

  const openapi = openApiDocument(corpus);
  put(apiFile(paths.apiIndex), json(apiIndex(corpus)));
  put(apiFile(paths.apiPricing), json(pricingDocument(corpus)));
  put(paths.openapi.slice(1), json(openapi));
  put(paths.apiNotFoundDocument.slice(1), json(notFoundError(corpus.site.baseUrl)));
  const summaries = Object.fromEntries(COLLECTION_KEYS.map((key) => [key, corpus.records[key].map(toSummary)])) as Record<CollectionKey, Summary[]>;
  for (const key of COLLECTION_KEYS) {
    put(apiFile(paths.apiList(key)), json(summaryPage(key, summaries[key])));
    put(`${DATA_DIR}/summaries/${key}.json`, json(summaries[key]));
  }
  put(`${DATA_DIR}/search-index.json`, lazyOutput(['search-index', JSON.stringify(summaries)], () => searchIndexJson(corpus)));
  put(`${DATA_DIR}/instance-images.json`, json(corpus.instanceImages));
  put(`${DATA_DIR}/service.json`, json({ baseUrl: corpus.site.baseUrl, docs: corpus.site.baseUrl + paths.openapi, siteName: corpus.site.name, contactEmail: corpus.site.contactEmail }));

  const siteJson = JSON.stringify(corpus.site);
  const twins = new Map<string, Output>();
  const putPage = (pagePath: string, [html, twin]: PageOutputs) => {
    put(...html);
    put(...twin);
    twins.set(pagePath, twin[1]);
  };
  const written = contentPages(corpus);
  const generated = [pricingPage(corpus), apiReferencePage(corpus, openapi), searchPage(corpus)];
  for (const [i, page] of [...written, ...generated].entries()) {
    progress('render', i, written.length + generated.length);
    const { html, markdown } = renderPage(corpus.site, page);
    put(...html);
    put(...markdown);
    twins.set(page.path, markdown[1]);
  }
  for (const key of COLLECTION_KEYS) {
    // A collection page shows a card of every record: thousands of items to render at scale.
    const collection = paths.collectionPage(key);
    const cards = recordCards(corpus, key);
    putPage(collection, lazyPage(corpus.site, siteJson, collection, ['collection-page', key, JSON.stringify(cards)], () => collectionPage(key, cards)));
    for (const record of corpus.records[key]) {
      await turn();
      const { document, page } = recordOutputs(corpus, record, siteJson);
      put(...document);
      putPage(paths.recordPage(key, record.slug), page);
    }
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
  // Every twin in one file: when some twin changed, the others' parts are taken from the file dist/ holds.
  const llmsFull = llmsFullParts(corpus).map(({ pagePath, render }, i) => {
    const twin = twins.get(pagePath)!;
    return { inputs: [String(i), corpus.site.baseUrl, pagePath, outputKey(twin)], render: () => render(typeof twin === 'string' ? twin : twin.render()) };
  });
  put(paths.llmsFull.slice(1), composedOutput(llmsFull));
  const sitemapPages = [
    ...written,
    ...COLLECTION_KEYS.flatMap((key) => [
      { path: paths.collectionPage(key), lastUpdated: latestDate(corpus.records[key].map((r) => r.fields.lastUpdated)) },
      ...corpus.records[key].map((record) => ({ path: paths.recordPage(key, record.slug), lastUpdated: record.fields.lastUpdated })),
    ]),
    ...generated,
  ];
  put(paths.sitemap.slice(1), sitemapXml(corpus, sitemapPages));
  put(paths.feed.slice(1), postsFeed(corpus));
  put('robots.txt', robotsTxt(corpus));
  put(REDIRECTS_FILE, redirectsFile(corpus));
  put(HEADERS_FILE, headersFile());
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The file of a page's Markdown twin in dist/. */
const twinFile = (pagePath: string) => twinPath(pagePath).slice(1);

type PageOutputs = [html: [string, Output], twin: [string, Output]];

/**
 * A page whose HTML and twin are rendered only when `inputs` (all the page is built from)
 * changed; `htmlInputs` are what only the HTML shows (navigation), so a change there leaves the twin as it is.
 */
function lazyPage(site: Corpus['site'], siteJson: string, pagePath: string, inputs: string[], page: () => SitePage, htmlInputs: string[] = []): PageOutputs {
  let rendered: ReturnType<typeof renderPage> | undefined;
  const render = () => (rendered ??= renderPage(site, page()));
  return [
    [pageFile(pagePath), lazyOutput([...inputs, ...htmlInputs, siteJson, 'html'], () => render().html[1])],
    [twinFile(pagePath), lazyOutput([...inputs, siteJson, 'twin'], () => render().markdown[1])],
  ];
}

/**
 * The files built from one record and what it shows of others (record-context.ts: related
 * records, its neighbours): its JSON document, its page and the page's twin. Used by the
 * whole site's render and by npm run dev to write an edited record's files before the rest.
 */
export function recordOutputs(corpus: Corpus, record: ContentRecord, siteJson = JSON.stringify(corpus.site)): { document: [string, Output]; page: PageOutputs } {
  const context = recordContext(corpus, record);
  return {
    document: [apiFile(paths.apiRecord(record.collection, record.slug)), lazyOutput(['record', record.source, corpus.site.baseUrl], () => json(recordDocument(record)))],
    page: lazyPage(
      corpus.site,
      siteJson,
      paths.recordPage(record.collection, record.slug),
      ['record-page', record.source, JSON.stringify(context.related)],
      () => recordPage(record, context),
      [JSON.stringify(context.neighbours)],
    ),
  };
}

/** The files of dist/ a record's outputs are written to (those of a deleted record are removed). */
export function recordFiles(record: Pick<ContentRecord, 'collection' | 'slug'>): string[] {
  const page = paths.recordPage(record.collection, record.slug);
  return [apiFile(paths.apiRecord(record.collection, record.slug)), pageFile(page), twinFile(page)];
}
