import { existsSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import fg from 'fast-glob';
import { apiError, type ApiError } from '../../core/api-error.ts';
import { API_VERSIONS, type ApiVersion } from '../../core/api-versions.ts';
import { COLLECTION_KEYS, SLUG_PATTERN } from '../../core/collections.ts';
import { DEFAULT_MEDIA_TYPE, MEDIA_TYPES } from '../../core/media-types.ts';
import { paths, twinPath } from '../../core/paths.ts';
import {
  EDGE_FUNCTION_ROUTES,
  FUNCTION_ROUTES,
  patternOf,
  type FunctionName,
  type Route,
} from '../../core/routes.ts';
import { deprecationHeaders } from '../../runtime/deprecation.ts';
import { READ_METHODS } from '../../runtime/read-routes.ts';
import { pathPattern } from '../../core/path-pattern.ts';
import {
  API_LIKE_PATH,
  CASE_SENSITIVE_PREFIX,
  NON_CANONICAL_RULES,
} from '../../core/canonical-path.ts';
import { HEADER_POLICY, JSON_TYPE } from '../../core/header-policy.ts';
import { HEADER_RULES, HEADERS_FILE, REDIRECTS_FILE } from '../emit/netlify-rules.ts';
import { DATA_DIR } from '../model/site-paths.ts';
import { MirrorError } from './mirror-error.ts';
import { HTML_NAMED, MARKDOWN_AT_FULL_WEIGHT, MARKDOWN_NAMED } from './markdown-accept.ts';

/**
 * What a static mirror serves where, worked out once from a build and the project's
 * routing tables; nginx-config.ts and caddy-config.ts only spell it in their syntax.
 * Every pattern is a regular expression source in the syntax PCRE (nginx), RE2 (Caddy)
 * and JavaScript share, anchored, and tested against the decoded path.
 */
export interface MirrorPlan {
  /** dist/, absolute. */
  root: string;
  /** The full API's origin, for the hints and `docs` of the mirror's own Errors. */
  apiUrl: string;
  /** API paths served from a file: matched case-insensitively, with or without a trailing slash, as Netlify matches `_redirects`. */
  documents: { path: string; file: string }[];
  /**
   * Request targets (the path and query as sent, before any decoding) that are not
   * canonical (core/canonical-path.ts): 404 before anything else, the API's JSON 404 when
   * the decoded path matches `apiLike`, else the 404 page. A rule with `exceptUnder` does
   * not apply to targets starting with it.
   */
  nonCanonical: { pattern: string; exceptUnder?: string }[];
  /** Case-insensitive, on the decoded path: where a refused or unknown path answers the API's JSON 404. */
  apiLike: string;
  /** Paths never served (case-insensitive): the function data and the host's rule files. */
  hidden: string[];
  /** Read paths (case-sensitive): any method but GET and HEAD is a 405 with `allow` and `body`. */
  readOnly: { pattern: string; allow: string; body: string };
  /** Paths only the full API answers (case-sensitive): status 501 and the body, for any method a read path does not refuse first. */
  fullApiOnly: FullApiRoute[];
  /** A list is paged, and so needs the full API, when the query gives one of these a non-empty value. */
  pagingParameters: readonly string[];
  /** Other requests for these paths answer the API's JSON 404 (the document, and its text) rather than the 404 page. */
  api: { pattern: string; notFoundDocument: string; notFoundBody: string };
  notFoundPage: string;
  twin: MarkdownTwinPlan;
  /** Every response header, with the rules that set it in order (a later match wins; case-insensitive unless said). */
  headers: HeaderPlan[];
  /** Headers every answer with an error status (4xx, 5xx) gets in place of its path's: the header policy's static 404. */
  errorHeaders: Record<string, string>;
  /** The Content-Type of the mirror's own JSON answers (405, 501). */
  jsonType: string;
}

export interface FullApiRoute {
  pattern: string;
  /** A path that also has a static document: served from it unless the request is paged. */
  staticUnlessPaged: boolean;
  body: string;
}

export interface MarkdownTwinPlan {
  /** A GET or HEAD whose path matches one of `pages` (case-sensitive) and none of `notPages`... */
  pages: string[];
  notPages: string[];
  /** ...and whose Accept header matches `markdownFirst`, or `markdownNamed` but not `htmlNamed` (case-insensitive; see markdown-accept.ts)... */
  accept: { markdownFirst: string; htmlNamed: string; markdownNamed: string };
  /** ...is served the file at its path, without a trailing slash, plus `/` and this name. */
  file: string;
}

export interface HeaderPlan {
  name: string;
  rules: { pattern: string; value: string; caseSensitive?: boolean }[];
}

/**
 * How a mirror answers each Netlify function's routes: `emulated` from files and fixed
 * answers, `full-api-only` with a 501 naming the full API, or `static-page` with the
 * build's page at the path, whatever the query. The type makes every new function take
 * its place here.
 */
const FUNCTION_ANSWERS: Record<FunctionName, 'emulated' | 'full-api-only' | 'static-page'> = {
  // Search, and the lists: unpaged, a list is its static first page. The site's search box, told so by the 501, searches the static index.
  'read-api': 'full-api-only',
  // The 405 of the read paths, and the JSON 404 elsewhere.
  'read-api-methods': 'emulated',
  submissions: 'full-api-only',
  'api-not-found': 'emulated',
  'org-api': 'full-api-only',
  // Agents' MCP endpoint: its tools need code to run.
  mcp: 'full-api-only',
  // /search/?q= is the static search page, whose script fills in the results from the static index.
  'search-page': 'static-page',
};

const PAGING_PARAMETERS = ['limit', 'offset'] as const;
const NOT_FOUND_PAGE = '/404.html';

const jsonBody = (error: ApiError) => `${JSON.stringify(error)}\n`;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface MirrorPlanOptions {
  /** The build to serve. */
  root: string;
  /** The full API's origin; default the build's baseUrl. */
  apiUrl?: string;
  /** API versions and their deprecation; default core/api-versions.ts. */
  versions?: ApiVersion[];
}

export async function mirrorPlan(options: MirrorPlanOptions): Promise<MirrorPlan> {
  const root = await realpath(path.resolve(options.root)).catch(() => path.resolve(options.root));
  const service = await readService(root);
  const apiUrl = (options.apiUrl ?? service.baseUrl).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(apiUrl))
    throw new MirrorError(
      `The full API's URL must be an http(s) URL such as https://api.example.com; got "${apiUrl}" (from --api, else the build's baseUrl).`,
    );
  const docs = apiUrl + paths.openapi;
  const { documents, hidden } = await readRewrites(root);
  const headers = await headerPlans(options.versions ?? API_VERSIONS, apiUrl);
  checkDocumentHeaders(documents, headers);

  await refuseLinksOut(root);

  return {
    root,
    apiUrl,
    documents,
    nonCanonical: Object.entries(NON_CANONICAL_RULES).map(([name, pattern]) =>
      name === 'upperCase' ? { pattern, exceptUnder: CASE_SENSITIVE_PREFIX } : { pattern },
    ),
    apiLike: API_LIKE_PATH,
    hidden: [
      ...hidden,
      ...[REDIRECTS_FILE, HEADERS_FILE].map((name) => pathPattern(`/${name}`).source),
    ],
    readOnly: {
      pattern: readPathPattern(),
      allow: READ_METHODS,
      body: jsonBody(
        apiError(
          'method_not_allowed',
          'This endpoint is read-only.',
          `Use ${READ_METHODS.replace(', ', ' or ')}.`,
          docs,
        ),
      ),
    },
    fullApiOnly: fullApiRoutes(documents, apiUrl, docs),
    pagingParameters: PAGING_PARAMETERS,
    api: {
      pattern: patternOf(FUNCTION_ROUTES['api-not-found'].path[0]).source,
      notFoundDocument: paths.apiNotFoundDocument,
      notFoundBody: await readFile(path.join(root, paths.apiNotFoundDocument), 'utf8'),
    },
    notFoundPage: NOT_FOUND_PAGE,
    twin: twinPlan(),
    headers,
    errorHeaders: { ...HEADER_POLICY['static-not-found'] },
    jsonType: JSON_TYPE,
  };
}

/**
 * nginx can refuse symbolic links (and the config tells it to), Caddy cannot: a build with
 * a link leading out of it is refused here, so no mirror serves what lies outside the build.
 */
async function refuseLinksOut(root: string): Promise<void> {
  const links = await fg('**/*', {
    cwd: root,
    dot: true,
    onlyFiles: false,
    followSymbolicLinks: false,
    stats: true,
  });
  for (const entry of links) {
    if (!entry.stats?.isSymbolicLink()) continue;
    const target = await realpath(path.join(root, entry.path)).catch(() => undefined);
    if (!target || (target !== root && !target.startsWith(root + path.sep))) {
      throw new MirrorError(
        `${path.join(root, entry.path)} is a symbolic link leading out of the build (to ${target ?? 'nothing'}): remove it; a mirror serves only the build itself.`,
      );
    }
  }
}

async function readService(root: string): Promise<{ baseUrl: string }> {
  const file = path.join(root, DATA_DIR, 'service.json');
  if (!existsSync(file)) {
    throw new MirrorError(
      `${root} is not a build: ${path.join(DATA_DIR, 'service.json')} is missing. Build first (npm run build -- --out DIR) and pass that DIR.`,
    );
  }
  return JSON.parse(await readFile(file, 'utf8')) as { baseUrl: string };
}

/**
 * The build's `_redirects`, read with Netlify's parser: its rewrites are the static
 * documents, its forced 404s the hidden paths. Any other kind of rule has no translation
 * here yet, and is refused rather than silently dropped.
 */
async function readRewrites(
  root: string,
): Promise<{ documents: MirrorPlan['documents']; hidden: string[] }> {
  const parsed = await parseAllRedirects({
    redirectsFiles: [path.join(root, REDIRECTS_FILE)],
    configRedirects: [],
    minimal: true,
  });
  if (parsed.errors.length)
    throw new MirrorError(
      `${path.join(root, REDIRECTS_FILE)} is invalid: ${parsed.errors.map((e) => e.message).join('; ')}`,
    );
  const documents: MirrorPlan['documents'] = [];
  const hidden: string[] = [];
  for (const rule of parsed.redirects as {
    from: string;
    to: string;
    status?: number;
    force?: boolean;
  }[]) {
    const literal = !/[:*]/.test(rule.from);
    if (rule.status === 200 && literal) documents.push({ path: rule.from, file: rule.to });
    else if (rule.status === 404 && rule.force && rule.to === NOT_FOUND_PAGE)
      hidden.push(pathPattern(rule.from).source);
    else
      throw new MirrorError(
        `The mirror kit cannot translate the rule "${rule.from} ${rule.to} ${rule.status ?? 301}" of ${REDIRECTS_FILE}: add its translation to generator/mirror/mirror-plan.ts.`,
      );
  }
  return { documents, hidden };
}

/**
 * `_headers` as one rule list per header name; Content-Type starts from the media types
 * of MEDIA_TYPES. A deprecated API version adds what the read gate adds to its answers,
 * its successor's Link pointing to the full API.
 */
async function headerPlans(versions: ApiVersion[], apiUrl: string): Promise<HeaderPlan[]> {
  const parsed = await parseAllHeaders({
    headersFiles: [],
    configHeaders: HEADER_RULES,
    minimal: false,
  });
  if (parsed.errors.length)
    throw new Error(`HEADER_RULES do not parse: ${parsed.errors.map((e) => e.message).join('; ')}`);
  const byName = new Map<string, HeaderPlan['rules']>([
    [
      'Content-Type',
      [
        { pattern: '^.*\\.[^/.]*$', value: DEFAULT_MEDIA_TYPE, caseSensitive: true },
        ...Object.entries(MEDIA_TYPES).map(([extension, value]) => ({
          pattern: `^.*${extension.replace('.', '\\.')}$`,
          value,
          caseSensitive: true,
        })),
      ],
    ],
  ]);
  for (const header of parsed.headers as { forRegExp: RegExp; values: Record<string, string> }[]) {
    for (const [name, value] of Object.entries(header.values)) {
      const rules = byName.get(name) ?? [];
      rules.push({ pattern: header.forRegExp.source, value });
      byName.set(name, rules);
    }
  }
  for (const version of versions) {
    // The version's paths, and the files a mirror serves them from (`/api/v1` is `/api/v1.json`).
    const pattern = `^${escapeRegex(version.prefix)}(\\.json|/.*)?$`;
    for (const [name, value] of Object.entries(deprecationHeaders(version, apiUrl))) {
      byName.set(name, [...(byName.get(name) ?? []), { pattern, value, caseSensitive: true }]);
    }
  }
  return [...byName].map(([name, rules]) => ({ name, rules }));
}

const compiled = new Map<string, RegExp>();

/** The value of each header for a path, by the plan's rules. */
export function headersFor(headers: HeaderPlan[], urlPath: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { name, rules } of headers) {
    for (const { pattern, value, caseSensitive } of rules) {
      const key = `${caseSensitive ? '' : 'i'}/${pattern}`;
      const regex =
        compiled.get(key) ??
        compiled.set(key, new RegExp(pattern, caseSensitive ? '' : 'i')).get(key)!;
      if (regex.test(urlPath)) values[name] = value;
    }
  }
  return values;
}

/**
 * A web server picks headers by the path of the file it serves, Netlify by the requested
 * path: the two agree only while no rule tells a document's path from its file's.
 */
function checkDocumentHeaders(documents: MirrorPlan['documents'], headers: HeaderPlan[]): void {
  for (const { path: from, file } of documents) {
    if (JSON.stringify(headersFor(headers, from)) !== JSON.stringify(headersFor(headers, file))) {
      throw new MirrorError(
        `HEADER_RULES give ${from} other headers than its file ${file}; a mirror serves the file's. Make the rules agree for both paths.`,
      );
    }
  }
}

/** What `readRoute` (runtime/read-routes.ts) accepts: the API index, search, pricing, OpenAPI, the manifest, and each list and record path. */
function readPathPattern(): string {
  const named = [paths.apiSearch, paths.apiPricing, paths.openapi, paths.apiManifest].map((p) =>
    escapeRegex(p.slice(paths.apiIndex.length + 1)),
  );
  const slug = SLUG_PATTERN.source.replace(/^\^|\$$/g, '');
  return `^${escapeRegex(paths.apiIndex)}(/(${named.join('|')}|(${COLLECTION_KEYS.join('|')})(/${slug})?))?/?$`;
}

function routePaths(name: FunctionName): readonly string[] {
  const route: Route = FUNCTION_ROUTES[name];
  if (route.excludedPath?.length || route.method?.length) {
    throw new Error(
      `FUNCTION_ROUTES['${name}'] has excluded paths or methods, which generator/mirror/mirror-plan.ts does not translate yet.`,
    );
  }
  return route.path;
}

function fullApiRoutes(
  documents: MirrorPlan['documents'],
  apiUrl: string,
  docs: string,
): FullApiRoute[] {
  const names = (Object.keys(FUNCTION_ANSWERS) as FunctionName[]).filter(
    (name) => FUNCTION_ANSWERS[name] === 'full-api-only',
  );
  return names.flatMap(routePaths).map((routePath) => {
    const staticUnlessPaged = documents.some((d) => d.path === routePath);
    const wildcard = routePath.endsWith('*');
    const where = wildcard
      ? `Send this request to the same path under ${apiUrl}${routePath.slice(0, -1)}.`
      : `Send this request, with the same query, to ${apiUrl}${routePath}.`;
    const unpaged = staticUnlessPaged
      ? ` Without ${PAGING_PARAMETERS.join(' and ')}, this mirror serves the first page.`
      : '';
    return {
      pattern: patternOf(routePath).source,
      staticUnlessPaged,
      body: jsonBody(
        apiError(
          'not_configured',
          'This mirror serves only the static part of the API.',
          where + unpaged,
          docs,
        ),
      ),
    };
  });
}

/**
 * The Markdown twin of a page, as the `markdown-twin` edge route and `markdownTwinFor`
 * (runtime/markdown-negotiation.ts) decide it: the route's paths, less its excluded paths
 * and what `markdownTwinPath` refuses (the API, paths under `/_`, names with a dot).
 */
function twinPlan(): MarkdownTwinPlan {
  const route: Route = EDGE_FUNCTION_ROUTES['markdown-twin'];
  return {
    pages: route.path.map((p) => patternOf(p).source),
    notPages: [
      ...(route.excludedPath ?? []).map((p) => patternOf(p).source),
      '^/api(/.*)?$',
      '^/_.*$',
      '^.*\\.[^/]*$',
    ],
    accept: {
      markdownFirst: MARKDOWN_AT_FULL_WEIGHT,
      htmlNamed: HTML_NAMED,
      markdownNamed: MARKDOWN_NAMED,
    },
    file: twinPath('/').slice(1),
  };
}
