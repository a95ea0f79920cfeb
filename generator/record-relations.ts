import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import type { ContentRecord, Corpus } from './load-content.ts';
import { frontmatterSchema, type JsonSchema } from './schemas/content.ts';

/** A field whose values are slugs of another collection (`x-references` in the schema). */
export interface ReferenceField {
  collection: CollectionKey;
  field: string;
  target: CollectionKey;
}

/** Every reference field of every collection, in collection and schema order. */
export const REFERENCE_FIELDS: readonly ReferenceField[] = COLLECTION_KEYS.flatMap((collection) =>
  Object.entries(frontmatterSchema(collection).properties as Record<string, JsonSchema>).flatMap(([field, property]) => {
    const target = property['x-references'] as CollectionKey | undefined;
    return target ? [{ collection, field, target }] : [];
  }),
);

export interface CorpusRelations {
  /** A record by `collection/slug`. */
  record(collection: CollectionKey, slug: string): ContentRecord;
  /** The record before and after this one in its collection's published order. */
  neighbours(record: ContentRecord): { previous?: ContentRecord; next?: ContentRecord };
  /** The records that reference this one, per reference field, each list in its collection's order. */
  referrers(record: ContentRecord): { field: ReferenceField; records: ContentRecord[] }[];
}

const built = new WeakMap<Corpus, CorpusRelations>();

const keyOf = (collection: CollectionKey, slug: string) => `${collection}/${slug}`;

/**
 * Who links to whom, and who stands next to whom, built once per corpus in one pass over
 * every record and reference: a scan of the corpus per record would grow with its square.
 */
export function relationsOf(corpus: Corpus): CorpusRelations {
  const known = built.get(corpus);
  if (known) return known;
  const records = new Map<string, ContentRecord>();
  const positions = new Map<ContentRecord, number>();
  for (const key of COLLECTION_KEYS) {
    corpus.records[key].forEach((record, i) => {
      records.set(keyOf(key, record.slug), record);
      positions.set(record, i);
    });
  }
  const referrers = new Map<string, Map<ReferenceField, ContentRecord[]>>();
  for (const field of REFERENCE_FIELDS) {
    for (const record of corpus.records[field.collection]) {
      const slugs = record.fields[field.field];
      if (!Array.isArray(slugs)) continue;
      for (const slug of slugs) {
        const target = keyOf(field.target, String(slug));
        let byField = referrers.get(target);
        if (!byField) referrers.set(target, (byField = new Map()));
        let list = byField.get(field);
        if (!list) byField.set(field, (list = []));
        list.push(record);
      }
    }
  }
  const relations: CorpusRelations = {
    record(collection, slug) {
      const record = records.get(keyOf(collection, slug));
      // The build checks every reference before pages are rendered (check-links.ts).
      if (!record) throw new Error(`${collection}/${slug} is referenced but does not exist`);
      return record;
    },
    neighbours(record) {
      const list = corpus.records[record.collection];
      const i = positions.get(record)!;
      return { previous: list[i - 1], next: list[i + 1] };
    },
    referrers(record) {
      const byField = referrers.get(keyOf(record.collection, record.slug));
      return byField ? REFERENCE_FIELDS.flatMap((field) => (byField.has(field) ? [{ field, records: byField.get(field)! }] : [])) : [];
    },
  };
  built.set(corpus, relations);
  return relations;
}
