import { hash } from 'node:crypto';
import { COLLECTIONS, type CollectionKey } from '../../../core/collections.ts';
import { paths } from '../../../core/paths.ts';
import { labelOf, referrerLabel } from '../field-labels.ts';
import type { ContentRecord, Corpus } from '../../model/corpus.ts';
import { REFERENCE_FIELDS, relationsOf } from '../../model/record-relations.ts';

/**
 * Everything a record's page shows from other records, as plain data: the page is
 * rendered from it alone, and its signature is this data (each related record as a
 * digest of it, relatedSignature), so an incremental build renders the page again exactly
 * when something it shows changed (a neighbour's title, a referencing record's slug) and
 * never otherwise.
 */
export interface RecordContext {
  /** Shown on the page and in its twin. */
  related: RelatedGroup[];
  /** Shown on the page only: the twin carries no navigation (docs/decisions.md). */
  neighbours: { previous?: LinkedRecord; next?: LinkedRecord };
}

export interface LinkedRecord {
  path: string;
  title: string;
}

export interface RelatedGroup<Shown = LinkedRecord & { summary: string }> {
  label: string;
  records: Shown[];
  /** Referencing records beyond the ones listed, and the collection they are in. */
  more?: { count: number; collection: CollectionKey };
}

/** At most this many referencing records are listed per group: at scale a term is referenced by hundreds. */
export const REFERRERS_LISTED = 24;

const linked = (record: ContentRecord): LinkedRecord => ({
  path: paths.recordPage(record.collection, record.slug),
  title: record.fields.title,
});
const withSummary = (record: ContentRecord) => ({
  ...linked(record),
  summary: record.fields.summary,
});

export function recordContext(corpus: Corpus, record: ContentRecord): RecordContext {
  return {
    related: relatedGroups(corpus, record, withSummary),
    neighbours: neighboursOf(corpus, record),
  };
}

export function neighboursOf(corpus: Corpus, record: ContentRecord): RecordContext['neighbours'] {
  const { previous, next } = relationsOf(corpus).neighbours(record);
  return {
    ...(previous ? { previous: linked(previous) } : {}),
    ...(next ? { next: linked(next) } : {}),
  };
}

/**
 * The related groups as an incremental build compares them: each record shown as a digest
 * of what the page shows of it, made once per record rather than copied into every page
 * that lists it.
 */
export const relatedSignature = (corpus: Corpus, record: ContentRecord): string =>
  JSON.stringify(relatedGroups(corpus, record, shownDigest));

const shownDigests = new WeakMap<ContentRecord, string>();

function shownDigest(record: ContentRecord): string {
  let digest = shownDigests.get(record);
  if (digest === undefined) {
    const { path, title, summary } = withSummary(record);
    shownDigests.set(record, (digest = hash('sha1', `${path}\0${title}\0${summary}`, 'base64url')));
  }
  return digest;
}

/** The record's references, then the records that reference it, each record shown by `show`. */
function relatedGroups<Shown>(
  corpus: Corpus,
  record: ContentRecord,
  show: (record: ContentRecord) => Shown,
): RelatedGroup<Shown>[] {
  const relations = relationsOf(corpus);
  const references = REFERENCE_FIELDS.filter((f) => f.collection === record.collection).flatMap(
    ({ field, target }): RelatedGroup<Shown>[] => {
      const slugs = record.fields[field];
      return Array.isArray(slugs) && slugs.length
        ? [
            {
              label: labelOf(field),
              records: slugs.map((slug) => show(relations.record(target, String(slug)))),
            },
          ]
        : [];
    },
  );
  const referrers = relations.referrers(record).map(
    ({ field, records }): RelatedGroup<Shown> => ({
      label: referrerLabel(field.collection, field.field),
      records: records.slice(0, REFERRERS_LISTED).map(show),
      ...(records.length > REFERRERS_LISTED
        ? { more: { count: records.length - REFERRERS_LISTED, collection: field.collection } }
        : {}),
    }),
  );
  return [...references, ...referrers];
}

/** How the page names its previous/next navigation and each way: posts are listed newest first. */
export function pagerLabels(collection: CollectionKey): PagerLabels {
  return collection === 'posts'
    ? { nav: 'Newer and older posts', previous: 'Newer post', next: 'Older post' }
    : {
        nav: `Previous and next in ${COLLECTIONS[collection].title}`,
        previous: 'Previous',
        next: 'Next',
      };
}

export interface PagerLabels {
  nav: string;
  previous: string;
  next: string;
}
