/**
 * `prefersMarkdown` (runtime/markdown-negotiation.ts) as regular expressions a web server
 * can test against the Accept header, since neither nginx nor Caddy can compare q-values.
 *
 * A page is served as Markdown when MARKDOWN_AT_FULL_WEIGHT matches, or else when
 * HTML_NAMED does not match and MARKDOWN_NAMED does. Both tests agree with
 * `prefersMarkdown` except when Markdown's and HTML's best weights both lie strictly
 * between 0 and 1 with Markdown's at least HTML's (`text/markdown;q=0.9, text/html;q=0.8`):
 * the mirror then serves HTML. q-values outside RFC 9110's grammar (`q=.5`, `q=2`) count
 * as 0. test/mirror-plan.test.ts checks the claim on generated headers.
 *
 * The sources use only syntax that PCRE (nginx), RE2 (Caddy) and JavaScript share, and are
 * meant to be applied case-insensitively.
 */
const MARKDOWN_TYPES = 'text/markdown|text/x-markdown';
const HTML_TYPES = 'text/html|application/xhtml\\+xml';

const OWS = '[ \\t]*';
const WEIGHT_ONE = 'q=1(\\.0{0,3})?';
const WEIGHT_POSITIVE = `q=(0\\.0{0,2}[1-9][0-9]{0,2}|1(\\.0{0,3})?)`;
/** Any parameter but a weight (its name is not `q`), or an empty one. */
const OTHER_PARAMETER = '([^q,; \\t][^,;]*|q[^=,;][^,;]*)';

/** One element of the list: a media type among `types`, then parameters whose weight, if any, matches `weight`. */
function element(types: string, weight: string): string {
  return `(^|,)${OWS}(${types})(${OWS};${OWS}(${OTHER_PARAMETER}|${weight})?)*${OWS}(,|$)`;
}

/** Markdown named with weight 1: nothing can outweigh it. */
export const MARKDOWN_AT_FULL_WEIGHT = element(MARKDOWN_TYPES, WEIGHT_ONE);
/** HTML named with a weight above 0. */
export const HTML_NAMED = element(HTML_TYPES, WEIGHT_POSITIVE);
/** Markdown named with a weight above 0. */
export const MARKDOWN_NAMED = element(MARKDOWN_TYPES, WEIGHT_POSITIVE);

/** The decision the servers make, in JavaScript: the tests compare it with `prefersMarkdown`. */
export function mirrorPrefersMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  const test = (source: string) => new RegExp(source, 'i').test(accept);
  return test(MARKDOWN_AT_FULL_WEIGHT) || (!test(HTML_NAMED) && test(MARKDOWN_NAMED));
}
