import {
  DOCUMENTS_PER_FILE,
  type IndexEntry,
  type StaticSearchHeader,
  type StaticSearchMeta,
} from '../../core/static-search-index.ts';
import { SEARCH_INDEX_OPTIONS, type SearchDocument } from '../../core/search-options.ts';
import { indexOf, objectEntry, storedFieldsOf } from './search-index.ts';
import {
  cutRuns,
  documentFileBytes,
  metaFileBytes,
  putHeader,
  putNamed,
  rankOf,
  runStarts,
  SEARCH_HEADER_FILE,
  type StaticSearchFiles,
  shardFile,
  termFileBytes,
} from './static-search-layout.ts';

/** The static index's files as the last build left them in dist/, by path there (without the leading slash). */
export interface LastStaticSearch {
  /** The file's bytes, or undefined when dist/ does not hold it as this generator wrote it. */
  read(file: string): Buffer | undefined;
  /** Whether dist/ holds the file as this generator wrote it: a file kept is not read. */
  holds(file: string): boolean;
}

/** A file of stored fields is read again only when fewer than this share of them changed; past it, the index is made whole. */
const MOST_CHANGED = 0.25;

/**
 * The static index of `documents` patched from the last build's, when the same documents
 * stand at the same places and only some changed: the files that hold what changed are
 * made again, and only those, from the last build's files that held it; every other file
 * is kept under its name. The files given are those made again and the header; the bytes
 * are those of an index made whole (the tests compare them). Undefined when it cannot be
 * done so (a record added, deleted or moved, most of them changed, the terms' count
 * crossing the mark where runs are cut otherwise, a file the patch needs not in dist/ as
 * written); then the index is made whole.
 *
 * A changed document is found by the names of the files of stored fields, which change
 * with their documents' card keys (static-search-index.ts); the terms it held are those of
 * its stored fields, which hold every indexed field, indexed again.
 */
export function patchStaticSearch(
  last: LastStaticSearch,
  documents: readonly SearchDocument[],
  documentFiles: readonly string[],
): StaticSearchFiles | undefined {
  if (!INDEXED_FIELDS_STORED) return undefined;
  const header = jsonOf<StaticSearchHeader>(last.read(SEARCH_HEADER_FILE));
  if (
    !header ||
    typeof header.termCount !== 'number' ||
    header.documentCount !== documents.length ||
    header.documentFiles.length !== documentFiles.length
  )
    return undefined;
  const renamed = documentFiles.flatMap((name, i) => (name === header.documentFiles[i] ? [] : [i]));
  if (renamed.length > MOST_CHANGED * documentFiles.length) return undefined;
  const kept = (name: string) => last.holds(shardFile(name));
  if (!documentFiles.every((name, i) => name !== header.documentFiles[i] || kept(name)))
    return undefined;

  const changed = changedDocuments(last, header, documents, renamed);
  if (!changed) return undefined;
  const files: StaticSearchFiles = new Map();
  for (const i of renamed) {
    const first = i * DOCUMENTS_PER_FILE;
    files.set(
      shardFile(documentFiles[i]!),
      documentFileBytes(
        documents
          .slice(first, first + DOCUMENTS_PER_FILE)
          .map((document, at) => objectEntry(first + at, storedFieldsOf(document))),
      ),
    );
  }

  const fields = header.averageFieldLength.length;
  // The fields' sums, from the old averages (exact means of whole numbers: their products round back to the sums).
  const totals = header.averageFieldLength.map((average) => Math.round(average * documents.length));
  let meta = header.meta;
  const delta = new TermDelta();
  if (changed.length) {
    const lastMeta = jsonOf<StaticSearchMeta>(last.read(shardFile(header.meta)));
    if (!lastMeta) return undefined;
    for (const { shortId, before, after } of changed) {
      const now = indexOf([after]);
      delta.note(shortId, indexOf([before]).index, now.index);
      const lengths = now.fieldLength['0'] ?? [];
      for (let field = 0; field < fields; field++) {
        const column = lastMeta.fieldLength[field]!;
        totals[field]! -= column[shortId]!;
        column[shortId] = lengths[field] ?? 0;
        totals[field]! += column[shortId];
      }
    }
    if (changed.some(({ before, after }) => before.title !== after.title))
      lastMeta.rank = rankOf(documents);
    meta = putNamed(files, 'm', metaFileBytes(lastMeta));
  } else if (!kept(meta)) return undefined;

  const termFiles = delta.size
    ? patchedRuns(last, header, delta, files)
    : header.termFiles.every(([, name]) => kept(name)) && {
        runs: header.termFiles,
        termCount: header.termCount,
      };
  if (!termFiles) return undefined;
  putHeader(
    files,
    {
      documentCount: documents.length,
      meta,
      termFiles: termFiles.runs,
      documentFiles: [...documentFiles],
      termCount: termFiles.termCount,
    },
    totals,
  );
  return files;
}

interface Changed {
  shortId: number;
  before: SearchDocument;
  after: SearchDocument;
}

/**
 * The documents of the renamed files of stored fields whose stored fields changed, as the
 * last build held them and as they are; undefined when a file is not in dist/ or one of
 * its documents is not the one at its place now.
 */
function changedDocuments(
  last: LastStaticSearch,
  header: StaticSearchHeader,
  documents: readonly SearchDocument[],
  renamed: readonly number[],
): Changed[] | undefined {
  const changed: Changed[] = [];
  for (const i of renamed) {
    const held = jsonOf<Record<string, SearchDocument>>(
      last.read(shardFile(header.documentFiles[i]!)),
    );
    if (!held) return undefined;
    const first = i * DOCUMENTS_PER_FILE;
    for (
      let shortId = first;
      shortId < Math.min(first + DOCUMENTS_PER_FILE, documents.length);
      shortId++
    ) {
      const after = documents[shortId]!;
      const stored = held[String(shortId)];
      if (!stored || `${stored.collection}/${stored.slug}` !== after.id) return undefined;
      // Parsed from what JSON.stringify wrote of the same fields in the same order: the same text when unchanged.
      if (JSON.stringify(stored) === JSON.stringify(storedFieldsOf(after))) continue;
      changed.push({ shortId, before: { ...stored, id: after.id }, after });
    }
  }
  return changed;
}

/** Per term, per field id, the documents whose frequency changes (undefined: the document no longer holds the term there). */
class TermDelta extends Map<string, Map<string, Map<string, number | undefined>>> {
  /** Notes what changed of one document, from the index of it alone before and after (short id 0 in both). */
  note(shortId: number, before: IndexEntry[], after: IndexEntry[]): void {
    const id = String(shortId);
    const was = new Map(before);
    const set = (term: string, field: string, frequency: number | undefined) => {
      let byField = this.get(term);
      if (!byField) this.set(term, (byField = new Map()));
      let ids = byField.get(field);
      if (!ids) byField.set(field, (ids = new Map()));
      ids.set(id, frequency);
    };
    for (const [term, byField] of after) {
      const old = was.get(term);
      was.delete(term);
      for (const [field, frequencies] of Object.entries(byField))
        if (old?.[field]?.['0'] !== frequencies['0']) set(term, field, frequencies['0']);
      for (const field of Object.keys(old ?? {}))
        if (!(field in byField)) set(term, field, undefined);
    }
    for (const [term, byField] of was)
      for (const field of Object.keys(byField)) set(term, field, undefined);
  }

  /** A term's entry with its changes made, as JSON, or undefined when no document holds it any more. */
  applied(term: string, fields: IndexEntry[1]): string | undefined {
    for (const [field, ids] of this.get(term)!) {
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
}

/**
 * The runs of terms with the changed terms' entries patched: the runs that hold a changed
 * term are read, patched and cut again, with the runs around them as far as the nearest
 * run on either side that begins at a term that begins a run whatever the sizes before it
 * (RunStarts): from there on, the runs are those of the last build, kept under their names.
 * Undefined when a run the patch reads or keeps is not in dist/ as written, or when the
 * new count of terms changes which terms begin a run.
 */
function patchedRuns(
  last: LastStaticSearch,
  header: StaticSearchHeader,
  delta: TermDelta,
  files: StaticSearchFiles,
): { runs: [string, string][]; termCount: number } | undefined {
  const runs = header.termFiles;
  if (!runs.length) return undefined;
  const before = runStarts(header.termCount, header.documentCount);
  const fresh = [...delta.keys()].sort();
  /** The run that holds `term`, or would: the last that begins at or before it. */
  const runOf = (term: string) => {
    let low = 0;
    for (let high = runs.length - 1; low < high; ) {
      const middle = (low + high + 1) >> 1;
      if (runs[middle]![0] <= term) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  let start = runOf(fresh[0]!);
  while (start > 0 && (!before.starts(runs[start]![0]) || delta.has(runs[start]![0]))) start--;
  let end = runOf(fresh.at(-1)!) + 1;
  while (end < runs.length && !before.starts(runs[end]![0])) end++;
  const kept = [...runs.slice(0, start), ...runs.slice(end)];
  if (!kept.every(([, name]) => last.holds(shardFile(name)))) return undefined;

  const terms: string[] = [];
  const entries: string[] = [];
  const put = (term: string, entry: string | undefined) => {
    if (entry === undefined) return;
    terms.push(term);
    entries.push(entry);
  };
  let next = 0;
  let held = 0;
  for (const [, name] of runs.slice(start, end)) {
    const run = jsonOf<IndexEntry[]>(last.read(shardFile(name)));
    if (!run) return undefined;
    held += run.length;
    for (const entry of run) {
      const [term, fields] = entry;
      for (; next < fresh.length && fresh[next]! < term; next++)
        put(fresh[next]!, delta.applied(fresh[next]!, {}));
      if (delta.has(term)) {
        next++;
        put(term, delta.applied(term, fields));
      } else put(term, JSON.stringify(entry));
    }
  }
  for (; next < fresh.length; next++) put(fresh[next]!, delta.applied(fresh[next]!, {}));

  const termCount = header.termCount - held + terms.length;
  const after = runStarts(termCount, header.documentCount);
  if (after.mask !== before.mask) return undefined;
  const patched = cutRuns(terms, entries, after).map((run): [string, string] => [
    terms[run[0]!]!,
    putNamed(files, 't', termFileBytes(run.map((at) => entries[at]!))),
  ]);
  return { runs: [...runs.slice(0, start), ...patched, ...runs.slice(end)], termCount };
}

/** The file's JSON, or undefined when there is no such file or it is not JSON. */
function jsonOf<T>(bytes: Buffer | undefined): T | undefined {
  if (!bytes) return undefined;
  try {
    return JSON.parse(bytes.toString()) as T;
  } catch {
    return undefined;
  }
}

const INDEXED_FIELDS_STORED = SEARCH_INDEX_OPTIONS.fields.every((field) =>
  SEARCH_INDEX_OPTIONS.storeFields?.includes(field),
);
