import { hash } from 'node:crypto';
import type { List, ListItem, PhrasingContent } from 'mdast';
import { COLLECTIONS, type CollectionKey } from '../../../core/collections.ts';
import { paths } from '../../../core/paths.ts';
import { CARDS_PER_PAGE, collectionPageCount } from '../../model/site-paths.ts';
import type { ContentRecord } from '../../model/corpus.ts';
import { toSummary } from '../../model/record-summary.ts';
import { badgeLine, badgeValues, type BadgeValue } from './badges.ts';
import {
  classed,
  date,
  link,
  listItem,
  paragraph,
  shownAs,
  text,
  titled,
} from './mdast-builders.ts';
import { pagerHtml } from './page-navigation.ts';
import { readingTime } from './reading-time.ts';
import type { SitePage } from './site-page.ts';

export function latestDate(dates: string[]): string | undefined {
  return dates.reduce<string | undefined>(
    (latest, d) => (!latest || d > latest ? d : latest),
    undefined,
  );
}

/** What a collection page shows of one record, as plain data. */
interface RecordCard {
  path: string;
  title: string;
  summary: string;
  badges: BadgeValue[];
  published?: string;
  lastUpdated: string;
  /** Posts only. */
  readingTime?: string;
}

/** Made from the record's file alone (its fields, words and path). */
const recordCard = (record: ContentRecord): RecordCard => ({
  path: paths.recordPage(record.collection, record.slug),
  title: record.fields.title,
  summary: record.fields.summary,
  badges: badgeValues(record),
  ...(typeof record.fields.published === 'string' ? { published: record.fields.published } : {}),
  lastUpdated: record.fields.lastUpdated,
  ...(record.collection === 'posts' ? { readingTime: readingTime(record.words) } : {}),
});

/**
 * What a collection page's signature takes of a record: a hash of its card, so an edit the
 * card does not show (most of a body) leaves the page alone. It covers the record's
 * summary too (model/record-summary.ts), whatever the card shows of it: the API's lists and
 * the search index are signed with their records' card keys (emit/emit-site.ts).
 */
export const cardKey = (record: ContentRecord): string =>
  hash('sha256', JSON.stringify([recordCard(record), toSummary(record)]), 'base64url');

/** A card: the title as a heading in HTML (a paragraph in the twin), the summary, the badges and the date. */
function card(item: RecordCard): ListItem {
  const meta: PhrasingContent[] = [...badgeLine(item.badges)];
  if (meta.length) meta.push(text(' · '));
  meta.push(
    ...(item.published
      ? [text('Published '), date(item.published)]
      : [text('Last updated '), date(item.lastUpdated)]),
  );
  if (item.readingTime) meta.push(text(` · Reading time: ${item.readingTime}`));
  return {
    ...listItem(
      shownAs('h2', paragraph(link(item.path, item.title))),
      paragraph(text(item.summary)),
      classed(paragraph(...meta), 'record-meta'),
    ),
    spread: true,
  };
}

/**
 * One page of a collection's list: the page is rendered from its place and its records'
 * cards alone, and signed with them (cardKey), so an edit re-renders the page showing the
 * record and no other (unless the edit changes the collection's latest date, which its
 * first page shows). Its cards are made only when it is rendered: a card's key is made
 * once and kept with the record's signatures while its file stays the same
 * (record-signatures.ts).
 */
export interface CollectionListing {
  key: CollectionKey;
  page: number;
  pages: number;
  /** Records in the whole collection; this page's cards are `offset + 1` to `offset + records.length` of them. */
  total: number;
  offset: number;
  records: ContentRecord[];
  /** The collection's latest change: on its first page only. */
  latest?: string;
}

/** A collection's records (in list order), a page at a time. */
export function collectionListings(
  key: CollectionKey,
  records: ContentRecord[],
): CollectionListing[] {
  const pages = collectionPageCount(records.length);
  const latest = latestDate(records.map((r) => r.fields.lastUpdated));
  return Array.from({ length: pages }, (_, i) => ({
    key,
    page: i + 1,
    pages,
    total: records.length,
    offset: i * CARDS_PER_PAGE,
    records: records.slice(i * CARDS_PER_PAGE, (i + 1) * CARDS_PER_PAGE),
    ...(i === 0 && latest ? { latest } : {}),
  }));
}

/** The date a listing's page last changed (sitemap lastmod): the collection's latest on the first page, else its own cards'. */
export const listingLastUpdated = (listing: CollectionListing): string | undefined =>
  listing.latest ?? latestDate(listing.records.map((r) => r.fields.lastUpdated));

export function collectionPage(listing: CollectionListing): SitePage {
  const { key, page, pages, total, offset, latest } = listing;
  const cards = listing.records.map(recordCard);
  const info = COLLECTIONS[key];
  const path = paths.collectionPage(key, page);
  const title = page === 1 ? info.title : `${info.title}, page ${page} of ${pages}`;
  const count = `${total} record${total === 1 ? '' : 's'}`;
  const range =
    pages > 1 ? [paragraph(text(`Records ${offset + 1} to ${offset + cards.length}.`))] : [];
  const neighbour = (n: number) =>
    n >= 1 && n <= pages ? { path: paths.collectionPage(key, n), title: `Page ${n}` } : undefined;
  const pager = pagerHtml(
    { previous: neighbour(page - 1), next: neighbour(page + 1) },
    { nav: `Pages of ${info.title}`, previous: 'Previous page', next: 'Next page' },
  );
  return {
    path,
    title,
    description:
      page === 1 ? `${info.description}.` : `${info.description}: page ${page} of ${pages}.`,
    lastUpdated: listingLastUpdated(listing),
    breadcrumbs: [
      { label: 'Home', path: paths.home },
      { label: info.title, path: paths.collectionPage(key) },
      ...(page === 1 ? [] : [{ label: `Page ${page}`, path }]),
    ],
    tree: titled(title, [
      paragraph(text(`${info.description}.`)),
      classed(
        paragraph(
          text(latest ? `${count}, last updated ` : count),
          ...(latest ? [date(latest)] : []),
          text('. Also as JSON at '),
          link(paths.apiList(key), paths.apiList(key)),
          text('.'),
        ),
        'record-meta',
      ),
      ...range,
      classed<List>(
        { type: 'list', ordered: false, spread: true, children: cards.map(card) },
        'record-cards',
      ),
    ]),
    htmlAppendix: pager || undefined,
  };
}
