import { hash } from 'node:crypto';
import type { SearchDocument } from '../../core/search-options.ts';
import { byTitle } from '../../core/search-ranking.ts';
import {
  DOCUMENTS_PER_FILE,
  documentFile,
  fileCounts,
  metaFile,
  STATIC_SEARCH_HEADER,
  type StaticSearchHeader,
  type StaticSearchMeta,
  termFile,
} from '../../core/static-search-index.ts';
import { signatureOf } from '../model/outputs.ts';
import { indexLines, indexOf } from './search-index-format.ts';

/** A file of dist/ (its path there, without the leading slash) and its bytes. */
export type StaticSearchFiles = Map<string, Uint8Array>;

/** What names a build's static files: its version (the folder of its term files), and the names of its files of stored fields (documentFileNames). */
export interface StaticSearchNames {
  version: string;
  documentFiles: string[];
}

/**
 * The names of the files of stored fields of these documents, in their order: each
 * named by the documents it holds, their place (their short ids) and the generator, which
 * are all its content is made from. So the name is known before the index is made, and
 * it changes whenever the file would.
 */
export function documentFileNames(documents: SearchDocument[]): string[] {
  const { documentFiles } = fileCounts(documents.length);
  return Array.from({ length: documentFiles }, (_, i) => {
    const first = i * DOCUMENTS_PER_FILE;
    const held = JSON.stringify(documents.slice(first, first + DOCUMENTS_PER_FILE));
    // Lowercase hex: a mirror refuses paths with capitals (core/canonical-path.ts).
    return `d${hash('sha256', signatureOf(['static-search-documents', String(first), held]), 'hex').slice(0, 16)}`;
  });
}

/** Every file of the static index of a build of this many documents: known before the index is made. */
export function staticSearchFileNames(
  { version, documentFiles }: StaticSearchNames,
  documents: number,
): string[] {
  const { termFiles } = fileCounts(documents);
  return [
    STATIC_SEARCH_HEADER,
    metaFile(version),
    ...Array.from({ length: termFiles }, (_, i) => termFile(version, i)),
    ...documentFiles.map(documentFile),
  ].map((file) => file.slice(1));
}

/**
 * The static index (core/static-search-index.ts) cut from the whole index as
 * search-index.ts writes it, one entry a line: each term file and record file is lines of
 * it, copied as they are, so no term or record is parsed or written again; only the field
 * lengths are read, for meta.json. `documents` are the index's, in the order of their short
 * ids; their titles and ids give the tie-break order.
 */
export function staticSearchFiles(
  index: Uint8Array,
  documents: SearchDocument[],
  { version, documentFiles }: StaticSearchNames,
): StaticSearchFiles {
  const lines = indexLines(Buffer.from(index.buffer, index.byteOffset, index.byteLength));
  if (!lines || lines.documentIds.length !== documents.length)
    throw new Error('The search index is not laid out as search-index.ts writes it.');
  const { termFiles } = fileCounts(documents.length);
  const files: StaticSearchFiles = new Map();
  const put = (file: string, parts: (string | Buffer)[]) =>
    files.set(
      file.slice(1),
      Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part))),
    );

  const runs = termRuns(lines.index, termFiles);
  const header: StaticSearchHeader = {
    version,
    documentCount: documents.length,
    averageFieldLength: lines.averages,
    fieldIds: indexOf([]).fieldIds,
    termFiles: runs.map((run) => (run.length ? lines.terms[run[0]!]! : null)),
    documentFiles,
  };
  files.set(STATIC_SEARCH_HEADER.slice(1), Buffer.from(`${JSON.stringify(header)}\n`));

  const order = documents
    .map((_, shortId) => shortId)
    .sort((a, b) => byTitle(documents[a]!, documents[b]!));
  const rank: number[] = new Array(documents.length);
  for (const [place, shortId] of order.entries()) rank[shortId] = place;
  const meta: StaticSearchMeta = {
    fieldLength: lengthsByField(lines.fieldLength, header.averageFieldLength.length),
    rank,
  };
  files.set(metaFile(version).slice(1), Buffer.from(`${JSON.stringify(meta)}\n`));

  for (const [i, run] of runs.entries())
    put(termFile(version, i), ['[', ...joined(run.map((at) => lines.index[at]!)), ']\n']);
  for (const [i, name] of documentFiles.entries())
    put(documentFile(name), [
      '{',
      ...joined(lines.storedFields.slice(i * DOCUMENTS_PER_FILE, (i + 1) * DOCUMENTS_PER_FILE)),
      '}\n',
    ]);
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

/** The entries with a comma between each two. */
const joined = (entries: Buffer[]): (string | Buffer)[] =>
  entries.flatMap((entry, i) => (i ? [',', entry] : [entry]));

/**
 * The index's term lines cut into `count` runs in their order, of about as many bytes
 * each: a line goes to the run its first byte falls in. A term too large for one run
 * leaves the runs it spans empty.
 */
function termRuns(terms: Buffer[], count: number): number[][] {
  const total = terms.reduce((sum, line) => sum + line.length, 0);
  const runs: number[][] = Array.from({ length: count }, () => []);
  let before = 0;
  for (const [at, line] of terms.entries()) {
    runs[Math.min(count - 1, Math.floor((before * count) / Math.max(1, total)))]!.push(at);
    before += line.length;
  }
  return runs;
}
