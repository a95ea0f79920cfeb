import type { List, ListItem, PhrasingContent } from 'mdast';
import { COLLECTIONS, type CollectionKey } from '../../core/collections.ts';
import { paths } from '../../core/paths.ts';
import type { ContentRecord, Corpus } from '../load-content.ts';
import { badgeLine, badgeValues, type BadgeValue } from './badges.ts';
import { classed, date, link, listItem, paragraph, shownAs, text, titled } from './mdast-builders.ts';
import { readingTime } from './reading-time.ts';
import type { SitePage } from './site-page.ts';

export function latestDate(dates: string[]): string | undefined {
  return dates.reduce<string | undefined>((latest, d) => (!latest || d > latest ? d : latest), undefined);
}

/**
 * What a collection page shows of one record, as plain data: the page is rendered from
 * these alone and they are its signature, so it is rendered again exactly when one changes.
 */
export interface RecordCard {
  path: string;
  title: string;
  summary: string;
  badges: BadgeValue[];
  published?: string;
  lastUpdated: string;
  /** Posts only. */
  readingTime?: string;
}

export function recordCards(corpus: Corpus, key: CollectionKey): RecordCard[] {
  return corpus.records[key].map((record: ContentRecord) => ({
    path: paths.recordPage(key, record.slug),
    title: record.fields.title,
    summary: record.fields.summary,
    badges: badgeValues(record),
    ...(typeof record.fields.published === 'string' ? { published: record.fields.published } : {}),
    lastUpdated: record.fields.lastUpdated,
    ...(key === 'posts' ? { readingTime: readingTime(record.words) } : {}),
  }));
}

/** A card: the title as a heading in HTML (a paragraph in the twin), the summary, the badges and the date. */
function card(item: RecordCard): ListItem {
  const meta: PhrasingContent[] = [...badgeLine(item.badges)];
  if (meta.length) meta.push(text(' · '));
  meta.push(...(item.published ? [text('Published '), date(item.published)] : [text('Last updated '), date(item.lastUpdated)]));
  if (item.readingTime) meta.push(text(` · Reading time: ${item.readingTime}`));
  return { ...listItem(shownAs('h2', paragraph(link(item.path, item.title))), paragraph(text(item.summary)), classed(paragraph(...meta), 'record-meta')), spread: true };
}

export function collectionPage(key: CollectionKey, cards: RecordCard[]): SitePage {
  const info = COLLECTIONS[key];
  const latest = latestDate(cards.map((c) => c.lastUpdated));
  const count = `${cards.length} record${cards.length === 1 ? '' : 's'}`;
  return {
    path: paths.collectionPage(key),
    title: info.title,
    description: `${info.description}.`,
    lastUpdated: latest,
    breadcrumbs: [
      { label: 'Home', path: paths.home },
      { label: info.title, path: paths.collectionPage(key) },
    ],
    tree: titled(info.title, [
      paragraph(text(`${info.description}.`)),
      classed(paragraph(text(latest ? `${count}, last updated ` : count), ...(latest ? [date(latest)] : []), text('. Also as JSON at '), link(paths.apiList(key), paths.apiList(key)), text('.')), 'record-meta'),
      classed<List>({ type: 'list', ordered: false, spread: true, children: cards.map(card) }, 'record-cards'),
    ]),
  };
}
