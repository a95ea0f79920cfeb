import type { BlockContent, PhrasingContent, RootContent } from 'mdast';
import { COLLECTIONS } from '../../../core/collections.ts';
import { paths } from '../../../core/paths.ts';
import { labelOf } from '../field-labels.ts';
import type { ContentRecord } from '../../model/corpus.ts';
import { REFERENCE_FIELDS } from '../../model/record-relations.ts';
import { frontmatterSchema, type JsonSchema } from '../../model/schemas/content.ts';
import { tagLabel } from '../value-labels.ts';
import { badgeFields, badgeLine, badgeValues } from './badges.ts';
import {
  bullets,
  classed,
  date,
  heading,
  link,
  list,
  listItem,
  paragraph,
  strong,
  text,
  titled,
} from './mdast-builders.ts';
import { pagerHtml } from './page-navigation.ts';
import { readingTime } from './reading-time.ts';
import { pagerLabels, type RecordContext, type RelatedGroup } from './record-context.ts';
import type { SitePage } from './site-page.ts';

/** Fields shown in the page's header (summary, byline, dates, tags) or not at all. */
const HEADER_FIELDS = new Set(['title', 'summary', 'lastUpdated', 'author', 'published', 'tags']);

/** The fields rendered generically from the schema: all but the header, the badges and the references (shown as related records). */
function bodyFields(record: ContentRecord): [string, JsonSchema][] {
  const shownElsewhere = new Set([
    ...HEADER_FIELDS,
    ...badgeFields(record.collection),
    ...REFERENCE_FIELDS.filter((f) => f.collection === record.collection).map((f) => f.field),
  ]);
  return Object.entries(
    frontmatterSchema(record.collection).properties as Record<string, JsonSchema>,
  ).filter(([field]) => !shownElsewhere.has(field));
}

function fieldBlocks(record: ContentRecord): RootContent[] {
  const blocks: RootContent[] = [];
  for (const [field] of bodyFields(record)) {
    const value = record.fields[field];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (field === 'policies' && Array.isArray(value)) {
      blocks.push(heading(2, labelOf(field)));
      const policies = value as { role: string; recommendations: string[] }[];
      blocks.push(
        list(
          policies.map((p) =>
            listItem(
              paragraph(strong(p.role)),
              bullets(p.recommendations.map((r) => [text(r)])) as BlockContent,
            ),
          ),
        ),
      );
    } else if (Array.isArray(value)) {
      blocks.push(
        paragraph(strong(`${labelOf(field)}:`)),
        bullets(value.map((v) => [text(String(v))])),
      );
    } else {
      blocks.push(paragraph(strong(`${labelOf(field)}:`), text(` ${String(value)}`)));
    }
  }
  return blocks;
}

/** Byline, dates and reading time (posts), or the date of the last change. */
function metaLine(record: ContentRecord): PhrasingContent[] {
  const { author, published, lastUpdated } = record.fields;
  const parts: PhrasingContent[][] = [];
  if (typeof author === 'string') parts.push([text(`By ${author}`)]);
  if (typeof published === 'string') parts.push([text('Published '), date(published)]);
  if (published !== lastUpdated) parts.push([text('Last updated '), date(lastUpdated)]);
  if (record.collection === 'posts')
    parts.push([text(`Reading time: ${readingTime(record.words)}`)]);
  return parts.flatMap((part, i) => (i ? [text(' · '), ...part] : part));
}

function header(record: ContentRecord): RootContent[] {
  const blocks: RootContent[] = [classed(paragraph(text(record.fields.summary)), 'record-summary')];
  const badges = badgeValues(record);
  if (badges.length) blocks.push(classed(paragraph(...badgeLine(badges)), 'record-badges'));
  blocks.push(classed(paragraph(...metaLine(record)), 'record-meta'));
  const tags = record.fields.tags;
  if (Array.isArray(tags) && tags.length)
    blocks.push(
      classed(
        paragraph(text(`${labelOf('tags')}: ${tags.map((t) => tagLabel(String(t))).join(', ')}`)),
        'record-tags',
      ),
    );
  return blocks;
}

/** Related records, each with its title and summary: the record's references, then the records that reference it. */
function relatedBlocks(groups: RelatedGroup[]): RootContent[] {
  if (!groups.length) return [];
  return [
    heading(2, 'Related'),
    ...groups.flatMap((group): RootContent[] => [
      heading(3, group.label),
      classed(
        bullets(group.records.map((r) => [link(r.path, r.title), text(`: ${r.summary}`)])),
        'related-records',
      ),
      ...(group.more
        ? [
            paragraph(
              text(`And ${group.more.count} more in `),
              link(
                paths.collectionPage(group.more.collection),
                COLLECTIONS[group.more.collection].title,
              ),
              text('.'),
            ),
          ]
        : []),
    ]),
  ];
}

/** A record's page, from the record and what it shows of others (record-context.ts), nothing else. */
export function recordPage(record: ContentRecord, context: RecordContext): SitePage {
  const info = COLLECTIONS[record.collection];
  const path = paths.recordPage(record.collection, record.slug);
  const api = paths.apiRecord(record.collection, record.slug);
  return {
    path,
    title: record.fields.title,
    description: record.fields.summary,
    lastUpdated: record.fields.lastUpdated,
    breadcrumbs: [
      { label: 'Home', path: paths.home },
      { label: info.title, path: paths.collectionPage(record.collection) },
      { label: record.fields.title, path },
    ],
    tree: titled(record.fields.title, [...header(record), ...fieldBlocks(record)]),
    body: record.body(),
    tail: [
      ...relatedBlocks(context.related),
      classed(
        paragraph(
          text('Part of '),
          link(paths.collectionPage(record.collection), info.title),
          text('. As JSON: '),
          link(api, api),
          text('.'),
        ),
        'record-api',
      ),
    ],
    htmlAppendix: pagerHtml(context.neighbours, pagerLabels(record.collection)) || undefined,
  };
}
