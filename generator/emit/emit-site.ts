import { notFoundError } from '../../core/api-error.ts';
import { byCollection, COLLECTION_KEYS, type CollectionKey } from '../../core/collections.ts';
import { apiFile, paths } from '../../core/paths.ts';
import { DEFAULT_PAGE_LIMIT, summaryPage } from '../../core/summary.ts';
import type { Corpus } from '../model/corpus.ts';
import { openApiDocument } from '../model/openapi.ts';
import {
  composedOutput,
  isLazy,
  jsonFile,
  type LazyOutput,
  type Output,
  type OutputPart,
  outputKey,
  type SiteFiles,
  signatureOf,
  signedOutput,
} from '../model/outputs.ts';
import { DATA_DIR } from '../model/site-paths.ts';
import { eventLoopTurns } from '../parallel/event-loop-turns.ts';
import { twinFile } from '../render/page-outputs.ts';
import type { SignatureMemo } from '../render/record-signatures.ts';
import type { RenderedSite } from '../render/render-site.ts';
import { toSummary } from '../model/record-summary.ts';
import { apiIndex, pricingDocument } from './api-documents.ts';
import { llmsFullParts, llmsTxt } from './llms-txt.ts';
import { HEADERS_FILE, headersFile, REDIRECTS_FILE, redirectsFile } from './netlify-rules.ts';
import { recordManifest } from './record-manifest.ts';
import { type SummaryLists, searchOutputs } from './search-outputs.ts';
import { SEARCH_HEADER_FILE } from './static-search-layout.ts';
import { postsFeed, robotsTxt, sitemapXml } from './xml-documents.ts';

export interface EmitOptions {
  /** Hands an output made apart from the others (the search index) to the writer as soon as it is made, to start before the write. */
  headStart?: (file: string, output: LazyOutput) => void;
}

/**
 * The read API's documents and lists, the search index made from the lists, and the
 * functions' data into `files`: made of the corpus alone, before the site is rendered, so
 * that the search index can start at once: patched there and then, or made whole on its
 * thread while the site is rendered. The
 * manifest of versions takes each record's version from `memo` (record-signatures.ts), and
 * the lists and the search index are signed with its card keys.
 */
export async function emitApi(
  corpus: Corpus,
  files: SiteFiles,
  memo: Pick<SignatureMemo, 'card' | 'version'>,
  { headStart }: EmitOptions = {},
): Promise<void> {
  const turn = eventLoopTurns();
  const { site } = corpus;
  files.put(apiFile(paths.apiIndex), jsonFile(apiIndex(corpus)));
  files.put(apiFile(paths.apiPricing), jsonFile(pricingDocument(corpus)));
  files.put(paths.openapi.slice(1), jsonFile(openApiDocument(corpus)));
  files.put(paths.apiNotFoundDocument.slice(1), jsonFile(notFoundError(site.baseUrl)));
  const lists = summaryLists(corpus, memo);
  for (const key of COLLECTION_KEYS) {
    await turn();
    const records = corpus.records[key];
    // The first page of the list, which the list function serves too.
    const head = records.slice(0, DEFAULT_PAGE_LIMIT).map(toSummary);
    files.put(
      apiFile(paths.apiList(key)),
      jsonFile({ ...summaryPage(key, head), total: records.length }),
    );
    files.put(
      `${DATA_DIR}/summaries/${key}.json`,
      signedOutput(lists.keys[key], () => lists.text(key)),
    );
  }
  const search = searchOutputs(lists);
  for (const [file, output] of search) files.put(file, output);
  headStart?.(SEARCH_HEADER_FILE, search.get(SEARCH_HEADER_FILE)!);
  // After the search index has started: its thread works while the documents not kept are hashed.
  files.put(apiFile(paths.apiManifest), await recordManifest(corpus, memo.version));
  files.put(`${DATA_DIR}/instance-images.json`, jsonFile(corpus.instanceImages));
  const service = {
    baseUrl: site.baseUrl,
    docs: site.baseUrl + paths.openapi,
    siteName: site.name,
    contactEmail: site.contactEmail,
  };
  files.put(`${DATA_DIR}/service.json`, jsonFile(service));
}

/**
 * The files made of the rendered site into `files`: the llms files (llms-full.txt made of
 * the rendered twins, which it takes), the sitemap and feed, and the host's rules.
 */
export async function emitSite(
  corpus: Corpus,
  rendered: Pick<RenderedSite, 'twins' | 'sitemap'>,
  files: SiteFiles,
): Promise<void> {
  const turn = eventLoopTurns();
  files.put(paths.llms.slice(1), llmsTxt(corpus));
  await turn();
  files.put(paths.llmsFull.slice(1), await llmsFull(corpus, rendered.twins));
  await turn();
  files.put(paths.sitemap.slice(1), sitemapXml(corpus, rendered.sitemap));
  await turn();
  files.put(paths.feed.slice(1), postsFeed(corpus));
  files.put('robots.txt', robotsTxt(corpus));
  files.put(REDIRECTS_FILE, redirectsFile(corpus));
  files.put(HEADERS_FILE, headersFile());
}

/**
 * Every collection's list of summaries, signed with its records' card keys, which cover
 * their summaries (render/pages/collection-page.ts) and are kept from one build to the
 * next: so a list is made, and its text hashed, only when it is written or the search
 * index is made, not for every build. Each is made once, then held for the other.
 */
function summaryLists(corpus: Corpus, memo: Pick<SignatureMemo, 'card'>): SummaryLists {
  const made = new Map<CollectionKey, string>();
  const cardKeys = byCollection((key) => corpus.records[key].map(memo.card));
  const summaries = (key: CollectionKey) => corpus.records[key].map(toSummary);
  const text = (key: CollectionKey) => {
    let text = made.get(key);
    if (text === undefined) made.set(key, (text = jsonFile(summaries(key))));
    return text;
  };
  return {
    keys: byCollection((key) => signatureOf(['summaries', key, ...cardKeys[key]])),
    cardKeys: COLLECTION_KEYS.flatMap((key) => cardKeys[key]),
    text,
    texts: () => byCollection(text),
    summaries,
  };
}

/**
 * Every twin in one file. When some twin changed, the writer takes the others' parts from
 * the file dist/ holds (write/write-parts.ts). The twins are taken: the map is emptied.
 */
async function llmsFull(corpus: Corpus, twins: RenderedSite['twins']): Promise<LazyOutput> {
  const turn = eventLoopTurns();
  const parts: OutputPart[] = [];
  for (const [i, { pagePath, prefix }] of llmsFullParts(corpus).entries()) {
    const pause = turn();
    if (pause) await pause;
    const twin = twins.get(pagePath)!;
    parts.push({
      key: partKey(i === 0, corpus.site.baseUrl, pagePath, twin),
      prefix,
      file: twinFile(pagePath),
      output: twin,
    });
  }
  twins.clear();
  return composedOutput(parts);
}

/**
 * The key of a twin's part of llms-full.txt: what the part's bytes are made from. Its text
 * depends on whether it comes first (the separator), not on its place, so a record added or
 * deleted leaves the others' keys alone. A lazy twin's signature already covers the rest of
 * the prefix (every page's signature takes the site settings, base URL included, and what
 * gives the page its path), so it is the key as it is.
 */
const partKey = (first: boolean, baseUrl: string, pagePath: string, twin: Output) =>
  isLazy(twin)
    ? `${first ? 'first' : 'after'}:${twin.signature}`
    : signatureOf([first ? 'first' : 'after', baseUrl, pagePath, outputKey(twin)]);
