import { SEARCH_INDEX_OPTIONS, type SearchDocument } from '../../core/search-options.ts';
import {
  indexLayout,
  indexLines,
  indexOf,
  objectEntry,
  type IndexLines,
} from './search-index-format.ts';

/**
 * The index of `documents` made from `previous`, the index of an earlier build (as
 * search-index.ts writes it), when the same documents stand at the same places and only
 * some changed: their lines and those of the terms they held or hold are made again, every
 * other line is copied. The bytes are those of a whole new index (the tests compare them).
 * Undefined when it cannot be done so (a record added, deleted or moved, an index written
 * otherwise); then the index is made whole.
 *
 * A changed document is known by its stored fields, which hold every indexed field; the
 * terms it held are those of its stored fields, indexed again.
 */
export function patchSearchIndex(
  previous: Uint8Array,
  documents: SearchDocument[],
): Buffer | undefined {
  if (!INDEXED_FIELDS_STORED) return undefined;
  const old = indexLines(Buffer.from(previous.buffer, previous.byteOffset, previous.byteLength));
  if (!old || old.documentIds.length !== documents.length) return undefined;
  const changed: { shortId: number; before: SearchDocument; after: SearchDocument }[] = [];
  const same = bytesComparer();
  for (const [shortId, document] of documents.entries()) {
    if (!same(old.documentIds[shortId]!, objectEntry(shortId, document.id))) return undefined;
    if (same(old.storedFields[shortId]!, objectEntry(shortId, storedFieldsOf(document)))) continue;
    const stored = old.storedFields[shortId]!.toString();
    changed.push({
      shortId,
      before: {
        ...(JSON.parse(stored.slice(stored.indexOf(':') + 1)) as SearchDocument),
        id: document.id,
      },
      after: document,
    });
  }
  if (!changed.length) return Buffer.from(previous);
  // The fields' summed lengths, from the old averages (exact means of whole numbers: their products round back to the sums), the changed documents' taken out and put back.
  const totals = old.averages.map((average) => Math.round(average * documents.length));

  const lines: IndexLines = {
    documentIds: old.documentIds,
    fieldLength: [...old.fieldLength],
    storedFields: [...old.storedFields],
    index: [],
  };
  /** Per term, per field, the documents whose frequency changes (undefined: the document no longer holds the term there). */
  const delta = new Map<string, Map<string, Map<string, number | undefined>>>();
  const note = (term: string, field: string, shortId: string, frequency: number | undefined) => {
    let fields = delta.get(term);
    if (!fields) delta.set(term, (fields = new Map()));
    let ids = fields.get(field);
    if (!ids) fields.set(field, (ids = new Map()));
    ids.set(shortId, frequency);
  };
  let fieldIds: Record<string, number> | undefined;
  for (const { shortId, before, after } of changed) {
    const id = String(shortId);
    for (const [term, fields] of indexOf([before]).index)
      for (const field of Object.keys(fields)) note(term, field, id, undefined);
    const now = indexOf([after]);
    for (const [term, fields] of now.index)
      for (const [field, frequencies] of Object.entries(fields))
        note(term, field, id, frequencies['0']);
    const line = old.fieldLength[shortId]!.toString();
    for (const [field, length] of (
      JSON.parse(line.slice(line.indexOf(':') + 1)) as (number | null)[]
    ).entries())
      totals[field]! -= length ?? 0;
    for (const [field, length] of (now.fieldLength['0'] as (number | null)[]).entries())
      totals[field]! += length ?? 0;
    lines.fieldLength[shortId] = objectEntry(shortId, now.fieldLength['0']);
    lines.storedFields[shortId] = objectEntry(shortId, now.storedFields['0']);
    fieldIds = now.fieldIds;
  }

  // Both in code-unit order: the old lines, and the terms changed, which the old lines may or may not hold.
  const fresh = [...delta.keys()].sort();
  let next = 0;
  /** Adds the lines of changed terms that sort before `term` (all that are left, without one): none of them is an old line. */
  const freshBefore = (term: string | undefined) => {
    for (; next < fresh.length && (term === undefined || fresh[next]! < term); next++) {
      const patched = applied(fresh[next]!, {}, delta.get(fresh[next]!)!);
      if (patched) lines.index.push(patched);
    }
  };
  for (const [i, line] of old.index.entries()) {
    const term = old.terms[i]!;
    freshBefore(term);
    const change = delta.get(term);
    if (!change) {
      lines.index.push(line);
      continue;
    }
    // The line's term is the next changed one: freshBefore passed those before it.
    next++;
    const patched = applied(term, (JSON.parse(line.toString()) as [string, Fields])[1], change);
    if (patched) lines.index.push(patched);
  }
  freshBefore(undefined);
  return indexLayout(fieldIds!, lines, totals);
}

type Fields = Record<string, Record<string, number>>;

/** A term's line with the changes made, or undefined when no document holds it any more. */
function applied(
  term: string,
  fields: Fields,
  change: Map<string, Map<string, number | undefined>>,
): string | undefined {
  for (const [field, ids] of change) {
    const frequencies = (fields[field] ??= {});
    for (const [id, frequency] of ids) {
      if (frequency === undefined) delete frequencies[id];
      else frequencies[id] = frequency;
    }
    if (!Object.keys(frequencies).length) delete fields[field];
  }
  // Integer-like keys come out in ascending order whatever the order they were set in, as in an index made whole.
  return Object.keys(fields).length ? JSON.stringify([term, fields]) : undefined;
}

const INDEXED_FIELDS_STORED = SEARCH_INDEX_OPTIONS.fields.every((field) =>
  SEARCH_INDEX_OPTIONS.storeFields?.includes(field),
);

/** The stored fields of a document, as MiniSearch keeps them: the fields to store that it has, in their order. */
function storedFieldsOf(document: SearchDocument): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (const field of SEARCH_INDEX_OPTIONS.storeFields ?? []) {
    const value = document[field as keyof SearchDocument];
    if (value !== undefined) stored[field] = value;
  }
  return stored;
}

/**
 * Whether an old line's bytes are those of a text: written into one buffer kept for the
 * purpose and compared there, rather than every line made a string.
 */
function bytesComparer(): (line: Buffer, text: string) => boolean {
  let scratch = Buffer.allocUnsafe(4096);
  return (line, text) => {
    // A character takes up to three bytes in UTF-8 (four for a pair of two).
    if (scratch.length < 3 * text.length) scratch = Buffer.allocUnsafe(3 * text.length);
    const length = scratch.write(text);
    return length === line.length && scratch.compare(line, 0, line.length, 0, length) === 0;
  };
}
