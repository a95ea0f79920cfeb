import { COLLECTION_KEYS } from './collections.ts';
import { READ_RATE_LIMIT } from './limits.ts';
import { apiFile, paths, type UrlPath } from './paths.ts';
import { SUBMISSION_PATHS } from './submissions.ts';

/**
 * Which handler owns which request, on every host: the one route table. Netlify reads the
 * same routes from the literal `config` of each file in functions/ and edge-functions/
 * (a test proves the literals equal this table); the local server dispatches with it; the
 * mirror kit answers the function routes with an Error naming the full API.
 *
 * Path syntax is Netlify's URLPattern subset we use: a literal path, where a trailing
 * slash is optional, or `*` standing for any characters (`/api/v1/*`, `/*.md`).
 */
/** The methods a Netlify route may name (HEAD is not one: a route without methods takes every method). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface Route {
  path: readonly UrlPath[];
  excludedPath?: readonly UrlPath[];
  /** Absent: every method. */
  method?: readonly HttpMethod[];
}

/** Netlify's platform rate-limit rule, declared beside a route as an outer backstop across instances. */
export interface PlatformRateLimit {
  windowLimit: number;
  windowSize: number;
  aggregateBy: readonly ('ip' | 'domain')[];
}

export interface FunctionRoute extends Route {
  rateLimit?: PlatformRateLimit;
}

const READ_PATHS: UrlPath[] = [paths.apiIndex, `${paths.apiIndex}/*`];
const DYNAMIC_READ_PATHS: UrlPath[] = [
  paths.apiSearch,
  ...COLLECTION_KEYS.map((key) => paths.apiList(key)),
];
const SUBMISSION_ROUTE_PATHS: UrlPath[] = Object.values(SUBMISSION_PATHS);
/** Where the read limit applies: every read of the API, and the agents' MCP endpoint. */
const RATE_LIMITED_READ_PATHS: UrlPath[] = [...READ_PATHS, paths.mcp];

/** Netlify Functions. No two routes overlap, so the order does not matter. */
export const FUNCTION_ROUTES = {
  /**
   * Search and every list page, any method (other than GET and HEAD is a 405). A list
   * without a query too: on Netlify a function path outranks the static rewrite.
   */
  'read-api': {
    path: DYNAMIC_READ_PATHS,
  },
  /** Other methods on the static read paths: 405 with Allow, a CORS preflight, or 404 on an unknown path. */
  'read-api-methods': {
    path: READ_PATHS,
    excludedPath: DYNAMIC_READ_PATHS,
    method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  },
  /** The four contact and sign-up endpoints. */
  submissions: {
    path: SUBMISSION_ROUTE_PATHS,
    // A loose platform backstop across instances (its window is at most 180 s); the exact limit is the code's.
    rateLimit: { windowLimit: 20, windowSize: 180, aggregateBy: ['ip', 'domain'] },
  },
  /**
   * Any other /api path, any method: the JSON 404. The API index's file is excluded too:
   * it lies directly under /api/, and a function path owns a rewrite's target as well.
   */
  'api-not-found': {
    path: ['/api/*'],
    excludedPath: [...READ_PATHS, `/${apiFile(paths.apiIndex)}`, ...SUBMISSION_ROUTE_PATHS],
  },
  /** The proposed instance and key API, and the sandbox pages of its instances. */
  'org-api': {
    path: ['/orgs/*', '/sandbox/*'],
  },
  /** The MCP endpoint for agents: its tools read the same build data as search and the lists. */
  mcp: {
    path: [paths.mcp],
  },
  /**
   * The search page, with a query's results rendered on the server; without a query, the
   * same bytes as the static page. Netlify matches a literal route with or without the
   * trailing slash, but only when the route has none.
   */
  'search-page': {
    path: ['/search'],
    // A platform backstop across instances, as the read gate's for the search API.
    rateLimit: {
      windowLimit: READ_RATE_LIMIT.limit,
      windowSize: READ_RATE_LIMIT.windowSeconds,
      aggregateBy: ['ip', 'domain'],
    },
  },
} as const satisfies Record<string, FunctionRoute>;

export type FunctionName = keyof typeof FUNCTION_ROUTES;

/** Scheduled Netlify Functions: no route, a cron schedule. */
export const SCHEDULED_FUNCTIONS = {
  'outbox-retry': '*/15 * * * *',
  'store-cleanup': '@daily',
} as const;

/**
 * Netlify Edge Functions, in the order they run in front of everything else: every one
 * whose route matches runs, each calling the next. Netlify runs in-source-configured edge
 * functions in alphabetical order of their names, so this order is alphabetical too
 * (test/netlify-bundle.test.ts checks the bundler's manifest keeps it).
 */
export const EDGE_FUNCTION_ROUTES = {
  /**
   * A path that is not canonical (core/canonical-path.ts) is a 404, before anything else sees
   * it. The submission endpoints' own paths are canonical: left out, their answers reach the
   * client as the function gave them (Netlify's emulator follows a function's 303 behind an
   * edge function; docs/decisions.md, "Hosts").
   */
  'canonical-path': {
    path: ['/*'],
    excludedPath: SUBMISSION_ROUTE_PATHS,
  },
  /** `Accept: text/markdown` on a page: its Markdown twin. */
  'markdown-twin': {
    path: ['/*'],
    excludedPath: [
      '/api/*',
      '/assets/*',
      '/_data/*',
      '/orgs/*',
      '/sandbox/*',
      paths.mcp,
      '/*.md',
      '/*.txt',
      '/*.xml',
      '/*.json',
    ],
  },
  /** The read rate limit, the headers of every read, and the JSON 404 of unknown read paths. */
  'read-gate': {
    path: RATE_LIMITED_READ_PATHS,
    rateLimit: {
      windowLimit: READ_RATE_LIMIT.limit,
      windowSize: READ_RATE_LIMIT.windowSeconds,
      aggregateBy: ['ip', 'domain'],
    },
  },
} as const satisfies Record<string, FunctionRoute>;

export type EdgeFunctionName = keyof typeof EDGE_FUNCTION_ROUTES;

const patternCache = new Map<string, RegExp>();

/** A route path as a RegExp: `*` is any run of characters; a literal path matches with or without a trailing slash. */
export function patternOf(path: string): RegExp {
  let pattern = patternCache.get(path);
  if (!pattern) {
    const body = path
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    pattern = new RegExp(path.includes('*') ? `^${body}$` : `^${body.replace(/\/$/, '')}/?$`);
    patternCache.set(path, pattern);
  }
  return pattern;
}

export function routeMatches(route: Route, pathname: string, method: string): boolean {
  if (route.method && !(route.method as readonly string[]).includes(method)) return false;
  const matches = (list: readonly string[] | undefined) =>
    (list ?? []).some((p) => patternOf(p).test(pathname));
  return matches(route.path) && !matches(route.excludedPath);
}

function firstMatch<Name extends string>(
  table: Record<Name, Route>,
  pathname: string,
  method: string,
): Name | undefined {
  return (Object.keys(table) as Name[]).find((name) => routeMatches(table[name], pathname, method));
}

export const functionFor = (pathname: string, method: string) =>
  firstMatch<FunctionName>(FUNCTION_ROUTES, pathname, method);

/** The edge functions a request runs through, in order. */
export const edgeFunctionsFor = (pathname: string, method: string): EdgeFunctionName[] =>
  (Object.keys(EDGE_FUNCTION_ROUTES) as EdgeFunctionName[]).filter((name) =>
    routeMatches(EDGE_FUNCTION_ROUTES[name], pathname, method),
  );
