import type { PhrasingContent } from 'mdast';
import type { CollectionKey } from '../../../core/collections.ts';
import { labelOf } from '../field-labels.ts';
import type { ContentRecord } from '../../model/corpus.ts';
import { frontmatterSchema, type JsonSchema } from '../../model/schemas/content.ts';
import { valueLabel } from '../value-labels.ts';
import { joined, span } from './mdast-builders.ts';

const enumFields = new Map<CollectionKey, string[]>();

/** The enumerated fields of a collection (category, severity), in schema order: what badges show. */
export function badgeFields(collection: CollectionKey): string[] {
  let fields = enumFields.get(collection);
  if (!fields) {
    fields = Object.entries(frontmatterSchema(collection).properties as Record<string, JsonSchema>)
      .filter(([, property]) => Array.isArray(property.enum))
      .map(([field]) => field);
    enumFields.set(collection, fields);
  }
  return fields;
}

export type BadgeValue = [field: string, value: string];

export function badgeValues(record: ContentRecord): BadgeValue[] {
  return badgeFields(record.collection).flatMap((field) =>
    typeof record.fields[field] === 'string' ? [[field, record.fields[field]] as BadgeValue] : [],
  );
}

/** Badges say their field and value in words ("Severity: High"), so colour is never the only carrier of meaning. */
export function badgeLine(values: BadgeValue[]): PhrasingContent[] {
  return joined(
    values.map(([field, value]) =>
      span(
        `${labelOf(field)}: ${valueLabel(field, value)}`,
        'badge',
        `badge-${field}`,
        `badge-${field}-${value}`,
      ),
    ),
    ' · ',
  );
}
