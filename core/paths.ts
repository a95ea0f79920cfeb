import type { CollectionKey } from './collections.ts';

/**
 * Where everything lives, as URL paths. One place, so pages, API documents,
 * llms.txt, the sitemap and the routing rules cannot disagree.
 * Pages are directories with index.html so that any static host serves them;
 * each page's Markdown twin follows the llms.txt convention (index.html.md).
 */
export const API_BASE = '/api/v1';

/** A path on the site; the template type lets host configs (Netlify's `config.path`) accept it. */
export type UrlPath = `/${string}`;

export const paths = {
  home: '/',
  page: (name: string): UrlPath => `/${name}/`,
  /** A collection's list of records: its first page, then `/key/page/2/` and on (generator/model/site-paths.ts). */
  collectionPage: (key: CollectionKey, page = 1): UrlPath =>
    page === 1 ? `/${key}/` : `/${key}/page/${page}/`,
  recordPage: (key: CollectionKey, slug: string): UrlPath => `/${key}/${slug}/`,
  /** Where the API's documentation starts: a page linking the reference and the machine-readable files. */
  docs: '/docs/',
  apiReference: '/docs/api/',
  /** How to connect an AI client to the MCP endpoint (`mcp`). */
  agents: '/docs/agents/',
  pricingPage: '/pricing/',
  apiIndex: API_BASE,
  apiList: (key: CollectionKey): UrlPath => `${API_BASE}/${key}`,
  apiRecord: (key: CollectionKey, slug: string): UrlPath => `${API_BASE}/${key}/${slug}`,
  apiItemTemplate: (key: CollectionKey): UrlPath => `${API_BASE}/${key}/{slug}`,
  apiPricing: `${API_BASE}/pricing`,
  apiSearch: `${API_BASE}/search`,
  /** Every published record's version, for clients that keep a copy and sync what changed. */
  apiManifest: `${API_BASE}/manifest`,
  openapi: `${API_BASE}/openapi.json`,
  /** The static JSON 404 document, for hosts that serve an error page from a file (mirrors). */
  apiNotFoundDocument: '/api/404.json',
  /** The Model Context Protocol endpoint for agents (POST only). */
  mcp: '/mcp',
  llms: '/llms.txt',
  llmsFull: '/llms-full.txt',
  feed: '/posts/feed.xml',
  sitemap: '/sitemap.xml',
} as const;

/** The file in dist/ a page path is written to. */
export function pageFile(pagePath: string): string {
  return `${withoutLeadingSlash(pagePath)}index.html`;
}

/** Tens of thousands of calls a build: a slice, not a regular expression. */
const withoutLeadingSlash = (urlPath: string) =>
  urlPath.startsWith('/') ? urlPath.slice(1) : urlPath;

/** The page path a file of dist/ is served at, when it is a page (pageFile's inverse); undefined for any other file. */
export function pagePathOf(file: string): string | undefined {
  return file === 'index.html' || file.endsWith('/index.html')
    ? `/${file.slice(0, -'index.html'.length)}`
    : undefined;
}

/** Every URL path a file of dist/ is served at: its own, and its page's or its API path when it is a page or an API document. */
export function servedPathsOf(file: string): string[] {
  const own = `/${file}`;
  const page = pagePathOf(file);
  const api =
    own.startsWith(`${API_BASE}/`) && own.endsWith('.json')
      ? own.slice(0, -'.json'.length)
      : undefined;
  return [own, ...(page ? [page] : []), ...(api ? [api] : [])];
}

/** The Markdown twin of a page path, as a URL path. */
export function twinPath(pagePath: string): string {
  return `${pagePath}index.html.md`;
}

/** The file in dist/ an extensionless API path is written to: the path plus `.json`. */
export function apiFile(apiPath: string): string {
  return `${withoutLeadingSlash(apiPath)}.json`;
}
