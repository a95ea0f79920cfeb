import { hash } from 'node:crypto';
import type { SearchDocument } from '../../core/search-options.ts';
import { byTitle } from '../../core/search-ranking.ts';
import {
  DOCUMENTS_PER_FILE,
  DOCUMENTS_PER_TERM_FILE,
  documentFileCount,
  STATIC_SEARCH_HEADER,
  type StaticSearchHeader,
  TERM_FILE_BYTES,
  type StaticSearchMeta,
  staticSearchFile,
} from '../../core/static-search-index.ts';
import { signatureOf } from '../model/outputs.ts';
import { indexLines, indexOf } from './search-index-format.ts';

/** A file of dist/ (its path there, without the leading slash) and its bytes. */
export type StaticSearchFiles = Map<string, Uint8Array>;

/**
 * The names of the files of stored fields, in their order, from a key per document (in
 * the index's order) that changes whenever the document does: each file is named by its
 * documents' keys, their place (their short ids) and the generator, which are all its
 * content is made from. So the name is known before the index is made, and it changes
 * whenever the file would. A build's keys are its records' card keys, which cover their
 * summaries (render/pages/collection-page.ts), and are kept from one build to the next.
 */
export function documentFileNames(documentKeys: string[]): string[] {
  return Array.from({ length: documentFileCount(documentKeys.length) }, (_, i) => {
    const first = i * DOCUMENTS_PER_FILE;
    const held = documentKeys.slice(first, first + DOCUMENTS_PER_FILE);
    // Lowercase hex: a mirror refuses paths with capitals (core/canonical-path.ts).
    return `d${hash('sha256', signatureOf(['static-search-documents', String(first), ...held]), 'hex').slice(0, 16)}`;
  });
}

/**
 * The files of the static index known before it is made: the header and the files of
 * stored fields. The meta and term files are named by their bytes, so they are known only
 * with the index (staticSearchFiles).
 */
export function staticSearchFileNames(documentFiles: string[]): string[] {
  return [STATIC_SEARCH_HEADER, ...documentFiles.map(staticSearchFile)].map((file) =>
    file.slice(1),
  );
}

/**
 * The static index (core/static-search-index.ts) cut from the whole index as
 * search-index.ts writes it, one entry a line: each term file and record file is lines of
 * it, copied as they are, so no term or record is parsed or written again; only the field
 * lengths are read, for the meta file. `documents` are the index's, in the order of their
 * short ids; their titles and ids give the tie-break order.
 */
export function staticSearchFiles(
  index: Uint8Array,
  documents: SearchDocument[],
  documentFiles: string[],
): StaticSearchFiles {
  const lines = indexLines(Buffer.from(index.buffer, index.byteOffset, index.byteLength));
  if (!lines || lines.documentIds.length !== documents.length)
    throw new Error('The search index is not laid out as search-index.ts writes it.');
  const files: StaticSearchFiles = new Map();
  /** Puts a file named by its bytes (`prefix` and a hash of them), and gives its name. */
  const named = (prefix: string, parts: (string | Buffer)[]) => {
    const bytes = bytesOf(parts);
    // Lowercase hex: a mirror refuses paths with capitals (core/canonical-path.ts).
    const name = `${prefix}${hash('sha256', bytes, 'hex').slice(0, 16)}`;
    files.set(staticSearchFile(name).slice(1), bytes);
    return name;
  };

  const order = documents
    .map((_, shortId) => shortId)
    .sort((a, b) => byTitle(documents[a]!, documents[b]!));
  const rank: number[] = new Array(documents.length);
  for (const [place, shortId] of order.entries()) rank[shortId] = place;
  const meta: StaticSearchMeta = {
    fieldLength: lengthsByField(lines.fieldLength, lines.averages.length),
    rank,
  };
  const header: StaticSearchHeader = {
    documentCount: documents.length,
    averageFieldLength: lines.averages,
    fieldIds: indexOf([]).fieldIds,
    meta: named('m', [`${JSON.stringify(meta)}\n`]),
    termFiles: termRuns(lines.terms, lines.index, documents.length).map((run) => [
      lines.terms[run[0]!]!,
      named('t', ['[', ...joined(run.map((at) => lines.index[at]!)), ']\n']),
    ]),
    documentFiles,
  };
  for (const [i, name] of documentFiles.entries())
    files.set(
      staticSearchFile(name).slice(1),
      bytesOf([
        '{',
        ...joined(lines.storedFields.slice(i * DOCUMENTS_PER_FILE, (i + 1) * DOCUMENTS_PER_FILE)),
        '}\n',
      ]),
    );
  files.set(STATIC_SEARCH_HEADER.slice(1), Buffer.from(`${JSON.stringify(header)}\n`));
  return files;
}

/**
 * The index's field lengths (one line `"<short id>":[<length per field>]` per document) as
 * one array per field, by short id: the numbers alone, without every id written again as
 * a key, which made the file the largest a first search loads.
 */
function lengthsByField(lines: Buffer[], fields: number): number[][] {
  const byField = Array.from({ length: fields }, () => new Array<number>(lines.length).fill(0));
  for (const line of lines) {
    const [id, lengths] = Object.entries(JSON.parse(`{${line}}`) as Record<string, number[]>)[0]!;
    for (const [field, length] of lengths.entries()) byField[field]![Number(id)] = length;
  }
  return byField;
}

/** Text and bytes, one after another, as bytes. */
const bytesOf = (parts: (string | Buffer)[]): Buffer =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));

/** The entries with a comma between each two. */
const joined = (entries: Buffer[]): (string | Buffer)[] =>
  entries.flatMap((entry, i) => (i ? [',', entry] : [entry]));

/**
 * The index's term lines (in code-unit order) cut into runs, as indexes of `terms`, about
 * one per DOCUMENTS_PER_TERM_FILE documents. A run begins at each term whose own hash has
 * its low bits clear, as many bits as make runs of about the right length, and before a
 * line that would take its run over TERM_FILE_BYTES: so where the runs are cut depends on
 * those terms alone (and, past the limit, on the sizes since the last such term), and an
 * edit that changes some terms' lines leaves every other run as it was. The bits change
 * only when the count of terms per run crosses a power of two's halfway mark.
 */
function termRuns(terms: string[], lines: Buffer[], documents: number): number[][] {
  const wanted = Math.max(1, Math.ceil(documents / DOCUMENTS_PER_TERM_FILE));
  const mask = 2 ** Math.max(0, Math.round(Math.log2(terms.length / wanted))) - 1;
  const runs: number[][] = [];
  let bytes = 0;
  for (const [at, term] of terms.entries()) {
    const size = lines[at]!.length + 1;
    if (!runs.length || (termHash(term) & mask) === 0 || bytes + size > TERM_FILE_BYTES) {
      runs.push([at]);
      bytes = 0;
    } else runs.at(-1)!.push(at);
    bytes += size;
  }
  return runs;
}

/** FNV-1a over the term's UTF-16 code units: a cheap hash, the same on every machine. */
function termHash(term: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) h = Math.imul(h ^ term.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
