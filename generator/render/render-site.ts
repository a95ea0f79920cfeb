import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COLLECTION_KEYS, type CollectionKey } from '../../core/collections.ts';
import { apiFile, pageFile, paths, twinPath } from '../../core/paths.ts';
import { summaryPage, type Summary } from '../../core/summary.ts';
import { notFoundError } from '../../core/api-error.ts';
import { fillForms } from '../../core/forms/render-form.ts';
import { apiIndex, pricingDocument, recordDocument, toSummary } from '../emit/api-documents.ts';
import { llmsFullParts, llmsTxt } from '../emit/llms-txt.ts';
import {
  DATA_DIR,
  HEADERS_FILE,
  headersFile,
  REDIRECTS_FILE,
  redirectsFile,
} from '../emit/netlify-rules.ts';
import { openApiDocument } from '../emit/openapi.ts';
import { searchIndexJson } from '../emit/search-index.ts';
import { postsFeed, robotsTxt, sitemapXml } from '../emit/xml-documents.ts';
import type { ContentRecord, Corpus } from '../model/corpus.ts';
import { eventLoopTurns } from '../parallel/event-loop-turns.ts';
import { NO_PROGRESS, type Progress } from '../progress/progress.ts';
import { PROJECT_DIR } from '../model/generator.ts';
import {
  composedOutput,
  contentOf,
  isLazy,
  lazyOutput,
  outputKey,
  signatureOf,
  signedOutput,
  type CarriedFiles,
  type LazyOutput,
  type PageRenderThreads,
  type Output,
  type OutputPart,
} from '../model/outputs.ts';
import { signatureMemo, type KeptRecords, type RecordSignatures } from './record-signatures.ts';
import { type PageJob, renderPageJob, type PageTexts } from './render-page-job.ts';
import { searchIndexOffThread } from '../emit/search-index-job.ts';
import { worthAThread } from '../parallel/worth-a-thread.ts';
import { apiReferencePage } from './pages/api-reference-page.ts';
import {
  cardKey,
  collectionListings,
  collectionPage,
  listingLastUpdated,
  type CollectionListing,
} from './pages/collection-page.ts';
import { contentPages } from './pages/content-pages.ts';
import { homeHighlights, homePage } from './pages/home-page.ts';
import { thanksPages } from './pages/thanks-pages.ts';
import { layout } from './pages/layout.ts';
import { faviconSvg } from './logo.ts';
import { pricingPage } from './pages/pricing-page.ts';
import { recordPage } from './pages/record-page.ts';
import { neighboursOf, recordContext, relatedSignature } from './pages/record-context.ts';
import { renderSearchPage, searchPage } from './pages/search-page.ts';
import { renderPage } from './pages/render-page.ts';
import type { SitePage } from './pages/site-page.ts';
import {
  SOCIAL_IMAGE_NAMES,
  socialImagePath,
  socialImagePng,
  TOUCH_ICON_PATH,
  touchIconPng,
} from './social/social-image.ts';

const asset = (name: string) =>
  readFileSync(path.join(PROJECT_DIR, 'generator', 'render', 'assets', name), 'utf8');

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Everything dist/ holds, as file path -> output. The same corpus always gives the same
 * files. Asynchronous only to let a server in the same process answer meanwhile. A record's page, twin and JSON document are lazy: rendered only when their
 * signature (the record's file, the titles it links to, the site settings) differs from
 * what dist/ holds, so an unchanged record costs nothing but the check. The search index,
 * built on a thread of its own, is handed to `startEarly` as soon as it is made, before
 * the rest (write-dist.ts, DistState.prepare), up to EARLY_INDEX_RECORDS. Given what the
 * last build kept of its records, a record that nothing changed for takes its signatures
 * from there rather than working them out (record-signatures.ts), and its files are
 * carried (CarriedFiles): no output is made for them unless dist/ lost one.
 */
export interface RenderOptions {
  progress?: Progress;
  startEarly?: (file: string, output: LazyOutput) => void;
  /** What the last build kept of its records (record-signatures.ts). */
  lastRecords?: KeptRecords;
}

export interface RenderedSite {
  files: Map<string, Output>;
  /** The files of records nothing changed for: not made unless dist/ no longer holds them as written. */
  carried: CarriedFiles[];
  /** What to keep of the records for the next build. */
  records: KeptRecords;
}

export async function renderSite(
  corpus: Corpus,
  { progress = NO_PROGRESS, startEarly, lastRecords }: RenderOptions = {},
): Promise<RenderedSite> {
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
  const summaries = Object.fromEntries(
    COLLECTION_KEYS.map((key) => [key, corpus.records[key].map(toSummary)]),
  ) as Record<CollectionKey, Summary[]>;
  const lists = Object.fromEntries(
    COLLECTION_KEYS.map((key) => [key, json(summaries[key])]),
  ) as Record<CollectionKey, string>;
  // Each list hashed once: its file is written under this key, and the search index, made from the lists, is signed with them.
  const listKeys = Object.fromEntries(
    COLLECTION_KEYS.map((key) => [key, outputKey(lists[key])]),
  ) as Record<CollectionKey, string>;
  for (const key of COLLECTION_KEYS) {
    await turn();
    put(apiFile(paths.apiList(key)), json(summaryPage(key, summaries[key])));
    put(
      `${DATA_DIR}/summaries/${key}.json`,
      signedOutput(listKeys[key], () => lists[key]),
    );
  }
  const searchIndex = searchIndexOutput(summaries, lists, listKeys);
  put(`${DATA_DIR}/search-index.json`, searchIndex);
  if (recordCount(summaries) <= EARLY_INDEX_RECORDS)
    startEarly?.(`${DATA_DIR}/search-index.json`, searchIndex);
  put(`${DATA_DIR}/instance-images.json`, json(corpus.instanceImages));
  put(
    `${DATA_DIR}/service.json`,
    json({
      baseUrl: corpus.site.baseUrl,
      docs: corpus.site.baseUrl + paths.openapi,
      siteName: corpus.site.name,
      contactEmail: corpus.site.contactEmail,
    }),
  );

  await turn();
  const siteKey = siteKeyOf(corpus);
  const memo = await signatureMemo(lastRecords, corpus, siteKey, cardKey);
  const twins = new Map<string, string | LazyOutput<string>>();
  const carried: CarriedFiles[] = [];
  /** A record whose files the last build wrote from what it is built from now: their keys are its signatures. */
  const carry = (record: ContentRecord, signatures: RecordSignatures) => {
    memo.note(record, signatures);
    const outputs = () => {
      const { document, page } = recordOutputs(corpus, record, siteKey, signatures);
      return [document[1], page[0][1], page[1][1]];
    };
    const pagePath = paths.recordPage(record.collection, record.slug);
    carried.push({
      files: () => recordFiles(record, pagePath),
      keys: [signatures.document, signatures.html, signatures.twin],
      outputs,
    });
    // Its twin's part of llms-full.txt, should it not be copied from the file dist/ holds.
    twins.set(
      pagePath,
      signedOutput(signatures.twin, () => contentOf(outputs()[2] as LazyOutput<string>)),
    );
  };
  const putPage = (pagePath: string, [html, twin]: PageOutputs) => {
    put(...html);
    put(...twin);
    twins.set(pagePath, twin[1]);
  };
  // The home page shows records (the newest posts, the threats cited most): what it shows is part of its signature.
  const highlights = homeHighlights(corpus);
  const home = homePage(corpus, highlights);
  putPage(
    paths.home,
    lazyPage(
      corpus.site,
      paths.home,
      pageSignatures(siteKey, ['home-page', corpus.pages.home.source, JSON.stringify(highlights)]),
      () => home,
    ),
  );
  const written = contentPages(corpus);
  const search = searchPage(corpus);
  // The search page is also the template the search-page function fills with results.
  const searchFiles = renderSearchPage(corpus.site, search);
  put(`${DATA_DIR}/search-page.json`, json(searchFiles.template));
  // Made from pricing.yaml alone, which signs it: its tree is made only when it is rendered (its first price loads ICU's currency data, 15 ms).
  putPage(
    paths.pricingPage,
    lazyPage(
      corpus.site,
      paths.pricingPage,
      pageSignatures(siteKey, ['pricing-page', JSON.stringify(corpus.pricing)]),
      () => pricingPage(corpus),
    ),
  );
  const generated = [apiReferencePage(corpus, openapi), search];
  const thanks = thanksPages(corpus);
  const pages = [...written, ...generated, ...thanks];
  for (const [i, page] of pages.entries()) {
    progress('render', i, pages.length);
    await turn();
    if (page === search || page.path === paths.page('contact')) {
      const { html, markdown } = page === search ? searchFiles : renderPage(corpus.site, page);
      if (page === search) put(...html);
      else {
        // With its forms' markers: the page the submission endpoints answer a form post with.
        put(`${DATA_DIR}/contact-page.html`, html[1]);
        put(html[0], fillForms(html[1]));
      }
      put(...markdown);
      twins.set(page.path, markdown[1]);
      continue;
    }
    // A page is rendered from itself and the site settings alone: as data, it is its own signature.
    putPage(
      page.path,
      lazyPage(
        corpus.site,
        page.path,
        pageSignatures(siteKey, ['site-page', JSON.stringify(page)]),
        () => page,
      ),
    );
  }
  const listings = {} as Record<CollectionKey, CollectionListing[]>;
  for (const key of COLLECTION_KEYS) {
    await turn();
    listings[key] = collectionListings(key, corpus.records[key]);
  }
  for (const key of COLLECTION_KEYS) {
    for (const listing of listings[key]) {
      const pause = turn();
      if (pause) await pause;
      const listingPath = paths.collectionPage(key, listing.page);
      const { records, ...place } = listing;
      putPage(
        listingPath,
        lazyPage(
          corpus.site,
          listingPath,
          pageSignatures(siteKey, [
            'collection-page',
            JSON.stringify(place),
            ...records.map(memo.card),
          ]),
          () => collectionPage(listing),
        ),
      );
    }
    for (const record of corpus.records[key]) {
      const pause = turn();
      if (pause) await pause;
      const known = memo.known(record);
      if (known) {
        carry(record, known);
        continue;
      }
      const { document, page } = recordOutputs(corpus, record, siteKey);
      memo.note(record, {
        document: document[1].signature,
        html: page[0][1].signature,
        twin: page[1][1].signature,
      });
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
  put('assets/favicon.svg', faviconSvg);
  put(TOUCH_ICON_PATH.slice(1), lazyOutput(['touch-icon'], touchIconPng));
  const socialText = { siteName: corpus.site.name, host: new URL(corpus.site.baseUrl).host };
  for (const name of SOCIAL_IMAGE_NAMES) {
    put(
      socialImagePath(name).slice(1),
      lazyOutput(['social-image', name, JSON.stringify(socialText)], () =>
        socialImagePng(name, socialText),
      ),
    );
  }
  put('assets/search.js', asset('search.js'));
  put('assets/search-box.js', asset('search-box.js'));
  await turn();
  put(paths.llms.slice(1), llmsTxt(corpus));
  await turn();
  // Every twin in one file, read back from where it was written: when some twin changed, the others' parts are taken from the file dist/ holds.
  const llmsFull: OutputPart[] = [];
  for (const [i, { pagePath, prefix }] of llmsFullParts(corpus).entries()) {
    const pause = turn();
    if (pause) await pause;
    const twin = twins.get(pagePath)!;
    llmsFull.push({
      key: partKey(i === 0, corpus.site.baseUrl, pagePath, twin),
      prefix,
      file: twinFile(pagePath),
      output: twin,
    });
  }
  put(paths.llmsFull.slice(1), composedOutput(llmsFull));
  await turn();
  const sitemapPages = [
    home,
    ...written,
    ...COLLECTION_KEYS.flatMap((key) => [
      ...listings[key].map((listing) => ({
        path: paths.collectionPage(key, listing.page),
        lastUpdated: listingLastUpdated(listing),
      })),
      ...corpus.records[key].map((record) => ({
        path: paths.recordPage(key, record.slug),
        lastUpdated: record.fields.lastUpdated,
      })),
    ]),
    { path: paths.pricingPage, lastUpdated: corpus.pricing.lastUpdated },
    ...generated,
  ];
  put(paths.sitemap.slice(1), sitemapXml(corpus, sitemapPages));
  await turn();
  put(paths.feed.slice(1), postsFeed(corpus));
  put('robots.txt', robotsTxt(corpus));
  put(REDIRECTS_FILE, redirectsFile(corpus));
  put(HEADERS_FILE, headersFile());
  await turn();
  const sorted = new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  // Every closure made here shares this function's scope: emptied, it no longer holds every output until the last is written.
  files.clear();
  twins.clear();
  return { files: sorted, carried, records: memo.kept() };
}

/**
 * Beyond this many records the search index is started with the write, not before: its
 * thread takes about 6 KB a record, and at 50,000 records, running beside the making of
 * every output, it took a one-edit build's process tree to 916 to 965 MiB without npm,
 * about 1 GiB with it (the limit is 1 GiB).
 */
const EARLY_INDEX_RECORDS = 20_000;

const recordCount = (summaries: Record<CollectionKey, Summary[]>) =>
  Object.values(summaries).reduce((n, list) => n + list.length, 0);

/**
 * The search index, written last: made apart from renderSite, so that what it holds is
 * the summaries alone, not renderSite's scope (the corpus) until the end of the write.
 */
function searchIndexOutput(
  summaries: Record<CollectionKey, Summary[]>,
  lists: Record<CollectionKey, string>,
  listKeys: Record<CollectionKey, string>,
): LazyOutput<Uint8Array> {
  const offThread = worthAThread(recordCount(summaries));
  return lazyOutput<Uint8Array>(
    ['search-index', ...Object.values(listKeys)],
    () => searchIndexJson((key) => summaries[key]),
    offThread ? { renderElsewhere: (previous) => searchIndexOffThread(lists, previous) } : {},
  );
}

/**
 * The key of a twin's part of llms-full.txt: what the part's bytes are made from. Its text
 * depends on whether it comes first (the separator), not on its place, so a record added or
 * deleted leaves the others' keys alone. A lazy twin's signature already covers the rest of
 * the prefix (every page's signature takes the site settings, base URL included, and what
 * gives the page its path), so it is the key as it is: ten thousand hashes fewer a build.
 */
const partKey = (first: boolean, baseUrl: string, pagePath: string, twin: Output) =>
  isLazy(twin)
    ? `${first ? 'first' : 'after'}:${twin.signature}`
    : signatureOf([first ? 'first' : 'after', baseUrl, pagePath, outputKey(twin)]);

/** The site settings, as every page's signature takes them: hashed once, not hashed again with each page. */
const siteKeyOf = (corpus: Corpus) => hash('sha256', JSON.stringify(corpus.site), 'base64url');

/** The file of a page's Markdown twin in dist/. */
const twinFile = (pagePath: string) => twinPath(pagePath).slice(1);

type PageOutputs = [html: [string, LazyOutput<string>], twin: [string, LazyOutput<string>]];

/**
 * The signatures of a page's HTML and twin: `inputs` are all the page is built from,
 * `htmlInputs` what only the HTML shows (navigation), so a change there leaves the twin as it is.
 */
const pageSignatures = (
  siteKey: string,
  inputs: string[],
  htmlInputs: string[] = [],
): Pick<RecordSignatures, 'html' | 'twin'> => ({
  html: signatureOf([...inputs, ...htmlInputs, siteKey, 'html']),
  twin: signatureOf([...inputs, siteKey, 'twin']),
});

/** A page whose HTML and twin are rendered only when their signatures changed. */
function lazyPage(
  site: Corpus['site'],
  pagePath: string,
  signatures: Pick<RecordSignatures, 'html' | 'twin'>,
  page: () => SitePage,
): PageOutputs {
  // One render gives both files; each is kept only until it is taken, then let go.
  let held: Partial<PageTexts> = {};
  let coming: Promise<void> | undefined;
  const take = (half: keyof PageTexts) => {
    const text = held[half]!;
    held = { ...held, [half]: undefined };
    return text;
  };
  const now = (half: keyof PageTexts) => {
    if (held[half] === undefined) held = renderPageJob({ site, page: page() });
    return take(half);
  };
  const inPool = async (pool: PageRenderThreads, half: keyof PageTexts) => {
    if (held[half] === undefined) {
      coming ??= (pool.run({ site, page: page() } satisfies PageJob) as Promise<PageTexts>).then(
        (texts) => {
          held = texts;
          coming = undefined;
        },
      );
      await coming;
    }
    return take(half);
  };
  return [
    [
      pageFile(pagePath),
      signedOutput(signatures.html, () => now('html'), {
        renderInPool: (pool) => inPool(pool, 'html'),
      }),
    ],
    [
      twinFile(pagePath),
      signedOutput(signatures.twin, () => now('markdown'), {
        renderInPool: (pool) => inPool(pool, 'markdown'),
      }),
    ],
  ];
}

/**
 * The files built from one record and what it shows of others (record-context.ts: related
 * records, its neighbours): its JSON document, its page and the page's twin. Used by the
 * whole site's render and by npm run dev to write an edited record's files before the rest.
 * With `known` signatures (record-signatures.ts), none is worked out.
 */
export function recordOutputs(
  corpus: Corpus,
  record: ContentRecord,
  siteKey = siteKeyOf(corpus),
  known?: RecordSignatures,
): { document: [string, LazyOutput<string>]; page: PageOutputs } {
  const pagePath = paths.recordPage(record.collection, record.slug);
  return {
    document: [
      apiFile(paths.apiRecord(record.collection, record.slug)),
      signedOutput(
        known?.document ?? signatureOf(['record', record.source, corpus.site.baseUrl]),
        () => json(recordDocument(record.complete())),
      ),
    ],
    page: lazyPage(
      corpus.site,
      pagePath,
      known ??
        pageSignatures(
          siteKey,
          ['record-page', record.source, relatedSignature(corpus, record)],
          [JSON.stringify(neighboursOf(corpus, record))],
        ),
      // Worked out again when rendered rather than held: 50,000 contexts with summaries took hundreds of megabytes.
      () => recordPage(record.complete(), recordContext(corpus, record)),
    ),
  };
}

/** The files of dist/ a record's outputs are written to (those of a deleted record are removed). */
export function recordFiles(
  record: Pick<ContentRecord, 'collection' | 'slug'>,
  page = paths.recordPage(record.collection, record.slug),
): string[] {
  return [apiFile(paths.apiRecord(record.collection, record.slug)), pageFile(page), twinFile(page)];
}
