/**
 * One spelling per resource: every host answers 404 to a request path that is not the
 * canonical spelling of a path, before any routing, rate limit, rewrite or file lookup
 * (docs/decisions.md, "Canonical paths"). Never a redirect: a redirect built from a path
 * like `//evil.example` is an open redirect, and nginx and Caddy cannot lower-case a path.
 *
 * Each rule is a regular expression in the dialect JavaScript, PCRE (nginx) and RE2
 * (Caddy) share, matched against the request target as sent (the path, then an optional
 * `?query`), so a mirror can test the raw target and the runtime the URL's path.
 */
const HEX = '[0-9A-Fa-f]';

/**
 * Percent-escapes that name a character with a plain spelling (letters, digits, `-`, `.`,
 * `_`, `~`: RFC 3986 6.2.2.2) or one that must never come out of decoding a path
 * segment: `/`, `\` and control characters.
 */
const NEEDLESS_OR_DANGEROUS_ESCAPE = `%(?:[01]${HEX}|2[DEFdef]|3[0-9]|[46][1-9A-Fa-f]|[57][0-9Aa]|5[CFcf]|7[EFef])`;

export const NON_CANONICAL_RULES = {
  /** An empty segment: `//threats` is a host to a browser, `/api//v1` bypasses route patterns. */
  emptySegment: '^[^?]*//',
  /** A backslash, which browsers and WHATWG URL parsers read as `/`. */
  backslash: '^[^?]*\\\\',
  /** A segment starting with `_` or `.` (build-internal files: `_data/`, `_redirects`, `_headers`, dotfiles); the dot segments `.` and `..` are resolved by URL parsers instead. */
  hiddenSegment: '^[^?]*/(?:_|\\.[^./?]|\\.\\.[^/?])',
  escape: `^[^?]*${NEEDLESS_OR_DANGEROUS_ESCAPE}`,
  /** A `%` not followed by two hex digits. */
  malformedEscape: `^[^?]*%(?:[^0-9A-Fa-f]|${HEX}[^0-9A-Fa-f]|${HEX}?$)`,
  /** An upper-case letter outside a percent-escape: every path the site serves is lower case (organization ids excepted, below). */
  upperCase: `^(?:[^%?A-Z]|%${HEX}${HEX})*[A-Z]`,
} as const;

/** Organization ids are the operator's data and case-sensitive: the upper-case rule does not apply under this prefix. */
export const CASE_SENSITIVE_PREFIX = '/orgs/';

/** Under these prefixes (the public API and the organization API; any case, any number of leading slashes, once decoded), a refused path gets the API's JSON 404 rather than the 404 page. */
export const API_LIKE_PATH = '^/+(?:[Aa][Pp][Ii]|[Oo][Rr][Gg][Ss])/';

const compiled = Object.entries(NON_CANONICAL_RULES).map(([name, source]) => ({
  name,
  pattern: new RegExp(source),
}));
const apiLike = new RegExp(API_LIKE_PATH);

/** The rule a path (as a URL's `pathname` gives it, percent-escapes kept) breaks, or undefined when it is canonical. */
export function nonCanonicalRule(pathname: string): keyof typeof NON_CANONICAL_RULES | undefined {
  for (const { name, pattern } of compiled) {
    if (name === 'upperCase' && pathname.startsWith(CASE_SENSITIVE_PREFIX)) continue;
    if (pattern.test(pathname)) return name as keyof typeof NON_CANONICAL_RULES;
  }
  return undefined;
}

export const isCanonicalPath = (pathname: string): boolean =>
  nonCanonicalRule(pathname) === undefined;

/** How a refused path is answered, read as servers read it (decoded): like the public API, like the organization API (both the JSON Error), or like the site (404 page). */
export function refusalAudience(pathname: string): 'public-read' | 'org-api' | 'page' {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: judge the path as it came.
  }
  if (!apiLike.test(decoded)) return 'page';
  return /^\/+orgs\//i.test(decoded) ? 'org-api' : 'public-read';
}
