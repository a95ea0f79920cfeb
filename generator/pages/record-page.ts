import type { BlockContent, PhrasingContent, RootContent } from 'mdast';
import { COLLECTIONS, type CollectionKey } from '../../core/collections.ts';
import { paths } from '../../core/paths.ts';
import { labelOf } from '../field-labels.ts';
import type { ContentRecord, Corpus } from '../load-content.ts';
import { frontmatterSchema, type JsonSchema } from '../schemas/content.ts';
import { bullets, code, heading, joined, link, list, listItem, paragraph, strong, text, titled } from './mdast-builders.ts';
import type { SitePage } from './site-page.ts';

/** Fields shown in the page header or not at all; the rest are rendered generically from the schema. */
const HEADER_FIELDS = new Set(['title', 'summary', 'category', 'lastUpdated', 'author', 'published', 'tags']);

const titles = new WeakMap<Corpus, Map<string, string>>();

/** A referenced record's title, looked up in a map built once per corpus (a scan per link grew with the square of the corpus). */
function titleOf(corpus: Corpus, key: CollectionKey, slug: string): string {
  let map = titles.get(corpus);
  if (!map) {
    map = new Map(Object.values(corpus.records).flatMap((records) => records.map((r) => [`${r.collection}/${r.slug}`, r.fields.title] as const)));
    titles.set(corpus, map);
  }
  return map.get(`${key}/${slug}`) ?? slug;
}

/** The titles of the records a record links to, in its page's order: with the record's own file, all its page depends on. */
export function referencedTitles(corpus: Corpus, record: ContentRecord): string[] {
  const schema = frontmatterSchema(record.collection);
  return Object.entries(schema.properties as Record<string, JsonSchema>).flatMap(([field, property]) => {
    const target = property['x-references'] as CollectionKey | undefined;
    const value = record.fields[field];
    return target && Array.isArray(value) ? value.map((slug) => `${field}:${titleOf(corpus, target, String(slug))}`) : [];
  });
}

function fieldBlocks(corpus: Corpus, record: ContentRecord): RootContent[] {
  const schema = frontmatterSchema(record.collection);
  const blocks: RootContent[] = [];
  for (const [field, property] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    const value = record.fields[field];
    if (HEADER_FIELDS.has(field) || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    const target = property['x-references'] as CollectionKey | undefined;
    if (target && Array.isArray(value)) {
      const links = value.map((slug) => link(paths.recordPage(target, String(slug)), titleOf(corpus, target, String(slug))));
      blocks.push(paragraph(strong(`${labelOf(field)}:`), text(' '), ...joined(links)));
    } else if (field === 'policies' && Array.isArray(value)) {
      blocks.push(heading(2, labelOf(field)));
      const policies = value as { role: string; recommendations: string[] }[];
      blocks.push(
        list(policies.map((p) => listItem(paragraph(strong(p.role)), bullets(p.recommendations.map((r) => [text(r)])) as BlockContent))),
      );
    } else if (Array.isArray(value)) {
      blocks.push(paragraph(strong(`${labelOf(field)}:`)), bullets(value.map((v) => [text(String(v))])));
    } else {
      blocks.push(paragraph(strong(`${labelOf(field)}:`), text(` ${String(value)}`)));
    }
  }
  return blocks;
}

function headerLine(record: ContentRecord): PhrasingContent[] {
  const f = record.fields;
  const parts: PhrasingContent[] = [text(`${labelOf('category')}: `), code(f.category)];
  if (typeof f.author === 'string') parts.push(text(` · By ${f.author}`));
  if (typeof f.published === 'string') parts.push(text(` · Published ${f.published}`));
  parts.push(text(` · Last updated ${f.lastUpdated}`));
  if (Array.isArray(f.tags)) parts.push(text(` · Tags: ${f.tags.join(', ')}`));
  return parts;
}

export function recordPage(corpus: Corpus, record: ContentRecord): SitePage {
  const info = COLLECTIONS[record.collection];
  return {
    path: paths.recordPage(record.collection, record.slug),
    title: record.fields.title,
    description: record.fields.summary,
    lastUpdated: record.fields.lastUpdated,
    tree: titled(record.fields.title, [paragraph(text(record.fields.summary)), paragraph(...headerLine(record)), ...fieldBlocks(corpus, record)]),
    body: record.body(),
    tail: [
      paragraph(
        text('Part of '),
        link(paths.collectionPage(record.collection), info.title),
        text('. As JSON: '),
        link(paths.apiRecord(record.collection, record.slug), paths.apiRecord(record.collection, record.slug)),
        text('.'),
      ),
    ],
  };
}
