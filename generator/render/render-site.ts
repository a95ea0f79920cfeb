import { COLLECTION_KEYS } from '../../core/collections.ts';
import { fillForms } from '../../core/forms/render-form.ts';
import { pageFile, paths } from '../../core/paths.ts';
import type { ContentRecord, Corpus } from '../model/corpus.ts';
import { openApiDocument } from '../model/openapi.ts';
import {
  type CarriedFiles,
  contentOf,
  jsonFile,
  type LazyOutput,
  lazyOutput,
  type Output,
  type SiteFiles,
} from '../model/outputs.ts';
import { DATA_DIR } from '../model/site-paths.ts';
import { eventLoopTurns } from '../parallel/event-loop-turns.ts';
import { NO_PROGRESS, type Progress } from '../progress/progress.ts';
import { assetPath, assetSource, FINGERPRINTED_ASSETS } from './asset-names.ts';
import { searchEngineBundle, searchEnginePath } from './browser-bundle.ts';
import { FAVICON_PATH, faviconSvg } from './logo.ts';
import { lazyPage, type PageOutputs, pageSignatures, siteKeyOf, twinFile } from './page-outputs.ts';
import { agentsPage } from './pages/agents-page.ts';
import { apiReferencePage } from './pages/api-reference-page.ts';
import { docsIndexPage } from './pages/docs-index-page.ts';
import { collectionListings, collectionPage, listingLastUpdated } from './pages/collection-page.ts';
import { contentPages } from './pages/content-pages.ts';
import { homeHighlights, homePage } from './pages/home-page.ts';
import { layout } from './pages/layout.ts';
import { pricingPage } from './pages/pricing-page.ts';
import { renderPage } from './pages/render-page.ts';
import { renderSearchPage, searchPage } from './pages/search-page.ts';
import { thanksPages } from './pages/thanks-pages.ts';
import { RECORD_FILES, recordFiles, recordOutputs } from './record-outputs.ts';
import type { KeptRecords, RecordSignatures, SignatureMemo } from './record-signatures.ts';
import {
  SOCIAL_IMAGE_NAMES,
  socialImagePath,
  socialImagePng,
  TOUCH_ICON_PATH,
  touchIconPng,
} from './social/social-image.ts';

export interface RenderOptions {
  progress?: Progress;
}

/** A page as the sitemap lists it. */
export interface SitemapEntry {
  path: string;
  lastUpdated?: string;
}

export interface RenderedSite {
  /** Every page's twin, by the page's path: what llms-full.txt is made of. */
  twins: Map<string, string | LazyOutput<string>>;
  /** The files of records nothing changed for: not made unless dist/ no longer holds them as written. */
  carried: CarriedFiles[];
  /** What to keep of the records for the next build. */
  records: KeptRecords;
  /** Every page, in the sitemap's order. */
  sitemap: SitemapEntry[];
}

/** Where the render puts what it makes, and what every page's signature takes. */
interface Render {
  corpus: Corpus;
  siteKey: string;
  files: SiteFiles;
  twins: RenderedSite['twins'];
  putPage(pagePath: string, outputs: PageOutputs): void;
}

/**
 * The website into `files`: every page's HTML and Markdown twin, each record's JSON
 * document, and the site's assets. Pages and records are lazy outputs, rendered only when
 * their signature (what they are built from: the record's file, what it shows of others,
 * the site settings) differs from what dist/ holds, so an unchanged page costs nothing but
 * the check. Through `memo`, what the last build kept of its records (record-signatures.ts),
 * a record that nothing changed for takes its signatures from there and its files are
 * carried: no output is made for them unless dist/ lost one. Asynchronous only to let a
 * server in the same process answer meanwhile.
 */
export async function renderSite(
  corpus: Corpus,
  files: SiteFiles,
  memo: SignatureMemo,
  { progress = NO_PROGRESS }: RenderOptions = {},
): Promise<RenderedSite> {
  const siteKey = siteKeyOf(corpus);
  const twins: RenderedSite['twins'] = new Map();
  const render: Render = {
    corpus,
    siteKey,
    files,
    twins,
    putPage(pagePath, { html, twin }) {
      files.put(html.file, html.output);
      files.put(twin.file, twin.output);
      twins.set(pagePath, twin.output);
    },
  };
  const pages = await renderPages(render, progress);
  const { collections, carried } = await renderCollections(render, memo);
  renderAssets(corpus, files);
  const [home, ...written] = pages.written;
  return {
    twins,
    carried,
    records: memo.kept(),
    sitemap: [
      home!,
      ...written,
      ...collections,
      { path: paths.pricingPage, lastUpdated: corpus.pricing.lastUpdated },
      ...pages.generated,
    ],
  };
}

/** The pages that are not a collection's: home, pricing, the content pages, and the generated ones. */
async function renderPages({ corpus, siteKey, files, twins, putPage }: Render, progress: Progress) {
  const turn = eventLoopTurns();
  // The home page shows records (the newest posts, the threats cited most): what it shows is part of its signature.
  const highlights = homeHighlights(corpus);
  const home = homePage(corpus, highlights);
  const homeInputs = ['home-page', corpus.pages.home.source, JSON.stringify(highlights)];
  putPage(
    paths.home,
    lazyPage(corpus.site, paths.home, pageSignatures(siteKey, homeInputs), () => home),
  );
  const written = contentPages(corpus);
  const search = searchPage(corpus);
  // The search page is also the template the search-page function fills with results.
  const searchFiles = renderSearchPage(corpus.site, search);
  files.put(`${DATA_DIR}/search-page.json`, jsonFile(searchFiles.template));
  // Made from pricing.yaml alone, which signs it: its tree is made only when it is rendered (its first price loads ICU's currency data).
  const pricingInputs = ['pricing-page', JSON.stringify(corpus.pricing)];
  putPage(
    paths.pricingPage,
    lazyPage(corpus.site, paths.pricingPage, pageSignatures(siteKey, pricingInputs), () =>
      pricingPage(corpus),
    ),
  );
  const generated = [
    docsIndexPage(corpus),
    agentsPage(corpus),
    apiReferencePage(corpus, openApiDocument(corpus)),
    search,
  ];
  const pages = [...written, ...generated, ...thanksPages(corpus)];
  for (const [i, page] of pages.entries()) {
    progress('render', i, pages.length);
    await turn();
    if (page === search || page.path === paths.page('contact')) {
      const { html, markdown } = page === search ? searchFiles : renderPage(corpus.site, page);
      if (page === search) files.put(pageFile(page.path), html);
      else {
        // With its forms' markers: the page the submission endpoints answer a form post with.
        files.put(`${DATA_DIR}/contact-page.html`, html);
        files.put(pageFile(page.path), fillForms(html));
      }
      files.put(twinFile(page.path), markdown);
      twins.set(page.path, markdown);
      continue;
    }
    // A page is rendered from itself and the site settings alone: as data, it is its own signature.
    const signatures = pageSignatures(siteKey, ['site-page', JSON.stringify(page)]);
    putPage(
      page.path,
      lazyPage(corpus.site, page.path, signatures, () => page),
    );
  }
  return { written: [home, ...written], generated };
}

/** Each collection's pages, then its records' pages and documents; returns their sitemap entries and the records carried. */
async function renderCollections(render: Render, memo: SignatureMemo) {
  const { corpus, siteKey, files, twins, putPage } = render;
  const turn = eventLoopTurns();
  const collections: SitemapEntry[] = [];
  const carried: CarriedFiles[] = [];
  for (const key of COLLECTION_KEYS) {
    await turn();
    for (const listing of collectionListings(key, corpus.records[key])) {
      const pause = turn();
      if (pause) await pause;
      const listingPath = paths.collectionPage(key, listing.page);
      const { records, ...place } = listing;
      const inputs = ['collection-page', JSON.stringify(place), ...records.map(memo.card)];
      putPage(
        listingPath,
        lazyPage(corpus.site, listingPath, pageSignatures(siteKey, inputs), () =>
          collectionPage(listing),
        ),
      );
      collections.push({ path: listingPath, lastUpdated: listingLastUpdated(listing) });
    }
    for (const record of corpus.records[key]) {
      const pause = turn();
      if (pause) await pause;
      const recordPath = paths.recordPage(key, record.slug);
      collections.push({ path: recordPath, lastUpdated: record.fields.lastUpdated });
      const known = memo.known(record);
      if (known) {
        memo.note(record, known);
        const group = new CarriedRecord(corpus, record, siteKey, known);
        carried.push(group);
        twins.set(recordPath, new CarriedTwin(group));
        continue;
      }
      const { document, page } = recordOutputs(corpus, record, siteKey);
      memo.note(record, {
        document: document.output.signature,
        html: page.html.output.signature,
        twin: page.twin.output.signature,
      });
      files.put(document.file, document.output);
      putPage(recordPath, page);
    }
  }
  return { collections, carried };
}

/**
 * A record whose files the last build wrote from what it is built from now: their keys are
 * its signatures. Its files are named, and their outputs made, only when the write asks
 * (dist/ no longer holds one as written). A class, not an object of closures: a build
 * carries tens of thousands of records, and closures made here would hold the render's scope.
 */
class CarriedRecord implements CarriedFiles {
  constructor(
    private readonly corpus: Corpus,
    private readonly record: ContentRecord,
    private readonly siteKey: string,
    readonly signatures: RecordSignatures,
  ) {}

  get count() {
    return RECORD_FILES;
  }

  get files() {
    return recordFiles(this.record);
  }

  get keys() {
    const { document, html, twin } = this.signatures;
    return [document, html, twin];
  }

  outputs(): Output[] {
    const { document, page } = this.made();
    return [document.output, page.html.output, page.twin.output];
  }

  /** The record's outputs, made anew: for its files, or its twin's part of llms-full.txt. */
  made() {
    return recordOutputs(this.corpus, this.record, this.siteKey, this.signatures);
  }
}

/** A carried record's twin, as its part of llms-full.txt: rendered only should the part not be copied from the file dist/ holds. */
class CarriedTwin implements LazyOutput<string> {
  constructor(private readonly carried: CarriedRecord) {}

  get signature() {
    return this.carried.signatures.twin;
  }

  render(): string {
    return contentOf(this.carried.made().page.twin.output);
  }
}

/** The 404 page, the stylesheet, scripts, icons and social images. */
function renderAssets(corpus: Corpus, files: SiteFiles): void {
  files.put(
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
  for (const name of FINGERPRINTED_ASSETS) files.put(assetPath(name).slice(1), assetSource(name));
  files.put(searchEnginePath().slice(1), lazyOutput(['search-engine'], searchEngineBundle));
  files.put(FAVICON_PATH.slice(1), faviconSvg);
  files.put(TOUCH_ICON_PATH.slice(1), lazyOutput(['touch-icon'], touchIconPng));
  const socialText = { siteName: corpus.site.name, host: new URL(corpus.site.baseUrl).host };
  for (const name of SOCIAL_IMAGE_NAMES) {
    const inputs = ['social-image', name, JSON.stringify(socialText)];
    files.put(
      socialImagePath(name).slice(1),
      lazyOutput(inputs, () => socialImagePng(name, socialText)),
    );
  }
}
