/**
 * The search index as static files, for hosts where no function runs (a mirror): the
 * build writes it (generator/emit/static-search-index.ts), the browser reads only the
 * files a query needs (core/static-search.ts).
 *
 * - The header, at a fixed path and revalidated on every use: the build's version, what
 *   BM25 needs of the whole index (the document count, each field's average length), and
 *   the first term of each term file.
 * - Under a folder named by the version, never changed once written (so cached for a
 *   year): `meta.json`, each document's field lengths and its place in the tie-break
 *   order; `t<i>.json`, a run of the index's terms in code-unit order, each entry as
 *   MiniSearch serializes it.
 * - Beside those folders, `d<hash>.json`: the stored fields of DOCUMENTS_PER_FILE
 *   documents in a row, keyed by MiniSearch's short id, named by what they are made from,
 *   so also never changed once written. An edit changes the name of the one file that
 *   holds its record; the others keep theirs, and the copies readers and mirrors have.
 *
 * A new build writes a new folder, and the header names it and the files of stored
 * fields: a reader never mixes the files of two builds.
 */

export const STATIC_SEARCH_HEADER = '/assets/search-index.json';
/** The folder of every build's files: `<folder>/<version>/`. Not a prefix of the header's path, which a host's rule for the folder would match too. */
export const STATIC_SEARCH_FOLDER = '/assets/search-shards';

/** Documents per file of stored fields: a query's results touch a few files, each small. */
export const DOCUMENTS_PER_FILE = 16;
/** Documents per file of terms, on average: the index's terms are cut into this many files. */
export const DOCUMENTS_PER_TERM_FILE = 64;

export interface StaticSearchHeader {
  version: string;
  documentCount: number;
  averageFieldLength: number[];
  fieldIds: Record<string, number>;
  /** The first term of each term file, or null when the file is empty. */
  termFiles: (string | null)[];
  /** The names of the files of stored fields (documentFile), in the order of the documents they hold. */
  documentFiles: string[];
}

export interface StaticSearchMeta {
  /** Per field id, each document's length in that field, by short id (MiniSearch's `fieldLength`, turned field first). */
  fieldLength: number[][];
  /** Each document's place in the order of `byTitle` (core/search-ranking.ts), by short id. */
  rank: number[];
}

/** One entry of MiniSearch's serialized index: a term, and per field id the term's frequency in each document. */
export type IndexEntry = [term: string, fields: Record<string, Record<string, number>>];

/** How many files of each kind a build of `documents` documents has: known before the index is made. */
export function fileCounts(documents: number): { termFiles: number; documentFiles: number } {
  return {
    termFiles: Math.max(1, Math.ceil(documents / DOCUMENTS_PER_TERM_FILE)),
    documentFiles: Math.max(1, Math.ceil(documents / DOCUMENTS_PER_FILE)),
  };
}

const folder = (version: string) => `${STATIC_SEARCH_FOLDER}/${version}`;
export const metaFile = (version: string) => `${folder(version)}/meta.json`;
export const termFile = (version: string, i: number) => `${folder(version)}/t${i}.json`;
export const documentFile = (name: string) => `${STATIC_SEARCH_FOLDER}/${name}.json`;

/** The place, in the header's `documentFiles`, of the file of stored fields that holds a document. */
export const documentFileOf = (shortId: number) => Math.floor(shortId / DOCUMENTS_PER_FILE);

/**
 * The term files holding every term that `term` matches: itself and the terms it begins,
 * which in code-unit order are one run from the place `term` would take.
 */
export function termFilesFor(header: StaticSearchHeader, term: string): number[] {
  const files: number[] = [];
  let first = -1;
  for (const [i, start] of header.termFiles.entries()) {
    if (start === null) continue;
    if (start <= term) first = i;
    else if (start.startsWith(term)) files.push(i);
    else break;
  }
  return first < 0 ? files : [first, ...files];
}
