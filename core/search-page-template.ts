import { escapeHtml } from './escape-html.ts';

/**
 * The search page as the build lays it out (header, footer, head metadata: the site's
 * layout) with slots for what a search fills in. The build writes it to
 * `_data/search-page.json` and fills it with no search for `/search/index.html`; the
 * search-page function fills it with each query's results. So the page a function renders
 * and the static page cannot drift apart, on any host.
 */
export const SEARCH_PAGE_SLOTS = ['title', 'query', 'outcome'] as const;
export type SearchPageSlot = (typeof SEARCH_PAGE_SLOTS)[number];

export interface SearchPageTemplate {
  /** The page cut at every slot: one more part than slots. */
  parts: string[];
  slots: SearchPageSlot[];
}

export interface SearchPageValues {
  /** Text of the `<title>` before the site's name. */
  title: string;
  /** Text of the search box. */
  query: string;
  /** HTML under the search form: the results, "no results", or why the search was refused. */
  outcomeHtml: string;
}

/** The search page with nothing searched: what `/search/` is. */
export const NO_SEARCH: SearchPageValues = { title: 'Search', query: '', outcomeHtml: '' };

/**
 * Marks a slot in the rendered page. Private-use characters pass every escape unchanged
 * and appear in no content the build publishes (the build refuses a template where a
 * marker is missing).
 */
export const slotMarker = (slot: SearchPageSlot): string => `\u{E000}${slot}\u{E001}`;

/** Cuts a page rendered with `slotMarker`s into a template. */
export function searchPageTemplate(rendered: string): SearchPageTemplate {
  const marker = /\u{E000}([a-z]+)\u{E001}/gu;
  const slots: SearchPageSlot[] = [];
  const parts = rendered.split(marker).filter((part, i) => {
    if (i % 2 === 0) return true;
    if (!(SEARCH_PAGE_SLOTS as readonly string[]).includes(part))
      throw new Error(`Unknown search page slot "${part}"`);
    slots.push(part as SearchPageSlot);
    return false;
  });
  for (const slot of SEARCH_PAGE_SLOTS) {
    if (!slots.includes(slot))
      throw new Error(`The search page has no "${slot}" slot: its layout must show the ${slot}.`);
  }
  return { parts, slots };
}

/** The page with each slot filled: text escaped, the outcome as the HTML it is. */
export function fillSearchPage(template: SearchPageTemplate, values: SearchPageValues): string {
  const filled: Record<SearchPageSlot, string> = {
    title: escapeHtml(values.title),
    query: escapeHtml(values.query),
    outcome: values.outcomeHtml,
  };
  return template.parts.reduce(
    (page, part, i) => page + part + (i < template.slots.length ? filled[template.slots[i]!] : ''),
    '',
  );
}
