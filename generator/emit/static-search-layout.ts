import { hash } from 'node:crypto';
import type { SearchDocument } from '../../core/search-options.ts';
import { byTitle } from '../../core/search-ranking.ts';
import {
  DOCUMENTS_PER_TERM_FILE,
  STATIC_SEARCH_HEADER,
  type StaticSearchHeader,
  type StaticSearchMeta,
  staticSearchFile,
  TERM_FILE_BYTES,
} from '../../core/static-search-index.ts';
import { indexOf } from './search-index.ts';

/**
 * The written form of the static index's files (core/static-search-index.ts), shared by
 * the index made whole (static-search-index.ts) and the one patched from the last build's
 * files (static-search-patch.ts), so that both give the same bytes.
 */

/** Files of dist/ (their paths there, without the leading slash) and their bytes. */
export type StaticSearchFiles = Map<string, Uint8Array>;

/** The header's path in dist/. */
export const SEARCH_HEADER_FILE = STATIC_SEARCH_HEADER.slice(1);

/** The path in dist/ of a file of the static index but the header, from its name (`m…`, `t…` or `d…`). */
export const shardFile = (name: string): string => staticSearchFile(name).slice(1);

/** A file of terms: their entries, as JSON, in an array. */
export const termFileBytes = (entries: readonly string[]): Buffer =>
  Buffer.from(`[${entries.join(',')}]\n`);

/** A file of stored fields: its documents' entries (objectEntry), in an object. */
export const documentFileBytes = (entries: readonly string[]): Buffer =>
  Buffer.from(`{${entries.join(',')}}\n`);

export const metaFileBytes = (meta: StaticSearchMeta): Buffer =>
  Buffer.from(`${JSON.stringify(meta)}\n`);

/** Puts a file named by its bytes (`prefix` and a hash of them) into `files`, and gives its name. */
export function putNamed(files: StaticSearchFiles, prefix: string, bytes: Buffer): string {
  // Lowercase hex: a mirror refuses paths with capitals (core/canonical-path.ts).
  const name = `${prefix}${hash('sha256', bytes, 'hex').slice(0, 16)}`;
  files.set(shardFile(name), bytes);
  return name;
}

/** Each document's place in the order of `byTitle`, by short id. */
export function rankOf(documents: readonly SearchDocument[]): number[] {
  const order = documents
    .map((_, shortId) => shortId)
    .sort((a, b) => byTitle(documents[a]!, documents[b]!));
  const rank: number[] = new Array(documents.length);
  for (const [place, shortId] of order.entries()) rank[shortId] = place;
  return rank;
}

/** Puts the header of an index into `files`; its averages are the exact means of the fields' sums. */
export function putHeader(
  files: StaticSearchFiles,
  index: Pick<
    StaticSearchHeader,
    'documentCount' | 'meta' | 'termFiles' | 'documentFiles' | 'termCount'
  >,
  totals: readonly number[],
): void {
  const { documentCount } = index;
  const header: StaticSearchHeader = {
    documentCount,
    averageFieldLength: totals.map((total) => (documentCount ? total / documentCount : 0)),
    fieldIds: indexOf([]).fieldIds,
    meta: index.meta,
    termFiles: index.termFiles,
    documentFiles: index.documentFiles,
    termCount: index.termCount,
  };
  files.set(SEARCH_HEADER_FILE, Buffer.from(`${JSON.stringify(header)}\n`));
}

/**
 * Which terms begin a run of their own: those whose hash has its low bits clear, as many
 * bits as make runs of about one per DOCUMENTS_PER_TERM_FILE documents. The bits change
 * only when the count of terms per run crosses a power of two's halfway mark.
 */
export function runStarts(termCount: number, documentCount: number): RunStarts {
  const wanted = Math.max(1, Math.ceil(documentCount / DOCUMENTS_PER_TERM_FILE));
  const mask = 2 ** Math.max(0, Math.round(Math.log2(termCount / wanted))) - 1;
  return { mask, starts: (term) => (termHash(term) & mask) === 0 };
}

export interface RunStarts {
  /** The bits of a term's hash that must be clear for it to begin a run: two cuts with the same mask agree. */
  mask: number;
  starts(term: string): boolean;
}

/**
 * Term entries (in code-unit order) cut into runs, as indexes of `terms`: a run begins at
 * each term that `starts` one, and before an entry that would take its run over
 * TERM_FILE_BYTES. So where the runs are cut depends on those terms alone (and, past the
 * limit, on the sizes since the last such term), and an edit that changes some terms'
 * entries leaves every other run as it was.
 */
export function cutRuns(
  terms: readonly string[],
  entries: readonly string[],
  { starts }: RunStarts,
): number[][] {
  const runs: number[][] = [];
  let bytes = 0;
  for (const [at, term] of terms.entries()) {
    const size = Buffer.byteLength(entries[at]!) + 1;
    if (!runs.length || starts(term) || bytes + size > TERM_FILE_BYTES) {
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
