/**
 * The search index as static files, for hosts where no function runs (a mirror): the
 * build writes it (generator/emit/static-search-index.ts), the browser reads only the
 * files a query needs (core/static-search.ts).
 *
 * - The header, at a fixed path and revalidated on every use: what BM25 needs of the whole
 *   index (the document count, each field's average length), the name of the meta file,
 *   and the first term and name of each term file.
 * - In one folder, each file named by a hash of what it holds, so never changed once
 *   written (cached for a year): `m<hash>.json`, each document's field lengths and its
 *   place in the tie-break order; `t<hash>.json`, a run of the index's terms in code-unit
 *   order, each entry as MiniSearch serializes it, the runs cut where a term's own hash
 *   says or where a run would pass TERM_FILE_BYTES (so a run keeps its terms, and its
 *   name, while no term of it changes); and
 *   `d<hash>.json`, the stored fields of DOCUMENTS_PER_FILE documents in a row, keyed by
 *   MiniSearch's short id. An edit renames the files that hold what it changed; the others
 *   keep their names, and the copies readers and mirrors have.
 *
 * The header of a new build names the files of that build: a reader never mixes the files
 * of two builds.
 */

export const STATIC_SEARCH_HEADER = '/assets/search-index.json';
/** The folder of every file but the header. Not a prefix of the header's path, which a host's rule for the folder would match too. */
export const STATIC_SEARCH_FOLDER = '/assets/search-shards';

/** Documents per file of stored fields: a query's results touch a few files, each small. */
export const DOCUMENTS_PER_FILE = 16;
/** Documents per file of terms, on average: the index's terms are cut into about this many files. */
export const DOCUMENTS_PER_TERM_FILE = 64;
/** A term file holds at most this many bytes, but for a term whose line alone is more: no query loads one run of large terms whole. */
export const TERM_FILE_BYTES = 64 * 1024;

export interface StaticSearchHeader {
  documentCount: number;
  averageFieldLength: number[];
  fieldIds: Record<string, number>;
  /** The name of the meta file (staticSearchFile). */
  meta: string;
  /** Each term file, in the order of its terms: its first term and its name (staticSearchFile). */
  termFiles: [first: string, name: string][];
  /** The names of the files of stored fields (staticSearchFile), in the order of the documents they hold. */
  documentFiles: string[];
  /** How many terms the term files hold in all: where the runs are cut depends on it, so a build that patches the runs needs it. */
  termCount: number;
}

export interface StaticSearchMeta {
  /** Per field id, each document's length in that field, by short id (MiniSearch's `fieldLength`, turned field first). */
  fieldLength: number[][];
  /** Each document's place in the order of `byTitle` (core/search-ranking.ts), by short id. */
  rank: number[];
}

/** One entry of MiniSearch's serialized index: a term, and per field id the term's frequency in each document. */
export type IndexEntry = [term: string, fields: Record<string, Record<string, number>>];

/** How many files of stored fields a build of `documents` documents has: known before the index is made. */
export const documentFileCount = (documents: number): number =>
  Math.max(1, Math.ceil(documents / DOCUMENTS_PER_FILE));

/** The path of a file of the static index but the header, from its name (`m…`, `t…` or `d…`). */
export const staticSearchFile = (name: string) => `${STATIC_SEARCH_FOLDER}/${name}.json`;

/** The place, in the header's `documentFiles`, of the file of stored fields that holds a document. */
export const documentFileOf = (shortId: number) => Math.floor(shortId / DOCUMENTS_PER_FILE);

/**
 * The names of the term files holding every term that `term` matches: itself and the terms it begins,
 * which in code-unit order are one run from the place `term` would take.
 */
export function termFilesFor(header: StaticSearchHeader, term: string): string[] {
  const files: string[] = [];
  let first: string | undefined;
  for (const [start, name] of header.termFiles) {
    if (start <= term) first = name;
    else if (start.startsWith(term)) files.push(name);
    else break;
  }
  return first === undefined ? files : [first, ...files];
}
