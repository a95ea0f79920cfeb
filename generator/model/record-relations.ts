import {
  byCollection,
  COLLECTION_KEYS,
  type CollectionKey,
  isCollectionKey,
} from '../../core/collections.ts';
import type { ContentRecord, Corpus } from './corpus.ts';
import { frontmatterSchema, type JsonSchema } from './schemas/content.ts';

/** A field whose values are slugs of another collection (`x-references` in the schema). */
export interface ReferenceField {
  collection: CollectionKey;
  field: string;
  target: CollectionKey;
}

/** Every reference field of every collection, in collection and schema order. */
export const REFERENCE_FIELDS: readonly ReferenceField[] = COLLECTION_KEYS.flatMap((collection) =>
  Object.entries(frontmatterSchema(collection).properties as Record<string, JsonSchema>).flatMap(
    ([field, property]) => {
      const target = property['x-references'] as CollectionKey | undefined;
      return target ? [{ collection, field, target }] : [];
    },
  ),
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

/** How relations name a record: `collection/slug`. */
export const recordKey = (record: Pick<ContentRecord, 'collection' | 'slug'>): string =>
  keyOf(record.collection, record.slug);

/** The record a key names (recordKey's inverse); undefined when its first part is no collection. */
export function recordOfKey(key: string): Pick<ContentRecord, 'collection' | 'slug'> | undefined {
  const slash = key.indexOf('/');
  const collection = key.slice(0, slash);
  return slash > 0 && isCollectionKey(collection)
    ? { collection, slug: key.slice(slash + 1) }
    : undefined;
}

/** The keys of every record `record` references, field by field in schema order. */
export const referencedKeys = (record: ContentRecord): string[] =>
  REFERENCE_FIELDS.filter((field) => field.collection === record.collection).flatMap((field) =>
    slugsOf(record, field).map((slug) => keyOf(field.target, slug)),
  );

/**
 * What relations are made of: kept with them, so that an edit's relations can be made from
 * the last ones. Records are found by collection, then slug: a key made of the two for
 * each of tens of thousands of references (a string made, then hashed) cost most of the
 * time it takes to make these.
 */
interface RelationsIndex {
  records: Record<CollectionKey, Map<string, ContentRecord>>;
  positions: Map<ContentRecord, number>;
  /** For each record referenced, by collection and slug: its referrers in each reference field, by the field's place in REFERENCE_FIELDS. */
  referrers: Record<CollectionKey, Map<string, ContentRecord[][]>>;
}

const indexes = new WeakMap<CorpusRelations, RelationsIndex>();

/** The slugs of the records `record` references in `field`. */
function slugsOf(record: ContentRecord, field: ReferenceField): string[] {
  const slugs = record.fields[field.field];
  return Array.isArray(slugs) ? slugs.map(String) : [];
}

/**
 * Who links to whom, and who stands next to whom, built once per corpus in one pass over
 * every record and reference: a scan of the corpus per record would grow with its square.
 */
export function relationsOf(corpus: Corpus): CorpusRelations {
  const known = built.get(corpus);
  if (known) return known;
  const records = byCollection(() => new Map<string, ContentRecord>());
  const positions = new Map<ContentRecord, number>();
  for (const key of COLLECTION_KEYS) {
    const list = corpus.records[key];
    const bySlug = records[key];
    for (let i = 0; i < list.length; i++) {
      bySlug.set(list[i]!.slug, list[i]!);
      positions.set(list[i]!, i);
    }
  }
  const referrers = byCollection(() => new Map<string, ContentRecord[][]>());
  REFERENCE_FIELDS.forEach((field, f) => {
    const targets = referrers[field.target];
    for (const record of corpus.records[field.collection]) {
      for (const slug of slugsOf(record, field)) {
        let byField = targets.get(slug);
        if (!byField) targets.set(slug, (byField = []));
        (byField[f] ??= []).push(record);
      }
    }
  });
  return remember(corpus, { records, positions, referrers });
}

/**
 * The relations of `after`, a corpus where records of `before` were replaced by edited
 * ones, made from those of `before` in a few steps rather than a pass over the whole
 * corpus (npm run dev writes an edited record's page at once): when each edited record
 * keeps its place in its collection's order and references the same records. Otherwise
 * (or when `before`'s relations were never made) `after`'s are made afresh when asked for.
 */
export function carryRelations(
  before: Corpus,
  after: Corpus,
  replaced: ReadonlyMap<ContentRecord, ContentRecord>,
): void {
  const last = built.get(before);
  const index = last && indexes.get(last);
  if (!index) return;
  for (const [old, edited] of replaced) {
    if (after.records[edited.collection][index.positions.get(old)!] !== edited) return;
    if (
      REFERENCE_FIELDS.some(
        (field) =>
          field.collection === edited.collection &&
          slugsOf(old, field).join('\0') !== slugsOf(edited, field).join('\0'),
      )
    )
      return;
  }
  // What changes is copied first: before's relations stay as they were.
  const records = { ...index.records };
  const positions = new Map(index.positions);
  const referrers = { ...index.referrers };
  for (const [old, edited] of replaced) {
    (records[edited.collection] = new Map(records[edited.collection])).set(edited.slug, edited);
    positions.set(edited, positions.get(old)!);
    positions.delete(old);
    REFERENCE_FIELDS.forEach((field, f) => {
      if (field.collection !== edited.collection) return;
      const targets = (referrers[field.target] = new Map(referrers[field.target]));
      for (const slug of slugsOf(edited, field)) {
        const byField = [...targets.get(slug)!];
        byField[f] = byField[f]!.map((record) => (record === old ? edited : record));
        targets.set(slug, byField);
      }
    });
  }
  remember(after, { records, positions, referrers });
}

function remember(corpus: Corpus, index: RelationsIndex): CorpusRelations {
  const { records, positions, referrers } = index;
  const relations: CorpusRelations = {
    record(collection, slug) {
      const record = records[collection].get(slug);
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
      const byField = referrers[record.collection].get(record.slug);
      return byField
        ? REFERENCE_FIELDS.flatMap((field, f) =>
            byField[f] ? [{ field, records: byField[f] }] : [],
          )
        : [];
    },
  };
  built.set(corpus, relations);
  indexes.set(relations, index);
  return relations;
}
