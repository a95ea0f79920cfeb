import { COLLECTIONS, type CollectionKey } from '../../core/collections.ts';
import { paths } from '../../core/paths.ts';
import type { Corpus } from '../load-content.ts';
import { bullets, link, paragraph, text, titled } from './mdast-builders.ts';
import type { SitePage } from './site-page.ts';

export function latestDate(dates: string[]): string | undefined {
  return dates.reduce<string | undefined>((latest, d) => (!latest || d > latest ? d : latest), undefined);
}

export function collectionPage(corpus: Corpus, key: CollectionKey): SitePage {
  const info = COLLECTIONS[key];
  const records = corpus.records[key];
  return {
    path: paths.collectionPage(key),
    title: info.title,
    description: `${info.description}.`,
    lastUpdated: latestDate(records.map((r) => r.fields.lastUpdated)),
    tree: titled(info.title, [
      paragraph(text(`${info.description}. ${records.length} records; also as JSON at `), link(paths.apiList(key), paths.apiList(key)), text('.')),
      bullets(records.map((r) => [link(paths.recordPage(key, r.slug), r.fields.title), text(`: ${r.fields.summary}`)])),
    ]),
  };
}
