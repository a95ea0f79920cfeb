import MiniSearch, { type AsPlainObject, type SearchResult } from 'minisearch';
import { SEARCH_INDEX_OPTIONS, type SearchDocument } from './search-options.ts';
import { hitOf, queryTerms, rankedResults, type SearchHit } from './search-ranking.ts';
import {
  documentFile,
  documentFileOf,
  type IndexEntry,
  metaFile,
  STATIC_SEARCH_HEADER,
  type StaticSearchHeader,
  type StaticSearchMeta,
  termFile,
  termFilesFor,
} from './static-search-index.ts';

/** Fetches a file of the static index as JSON; throws `MissingFile` when the host has no such file. */
export type FetchJson = (path: string) => Promise<unknown>;

/** The host answered 404: the file belongs to a build it no longer serves. */
export class MissingFile extends Error {}

/**
 * Search over the static index (core/static-search-index.ts), by the same rules as the
 * search function: for each query, the entries of its terms, from the term files that
 * hold them, are loaded into a MiniSearch index with the whole index's document count and
 * average lengths, so BM25 scores each match as the whole index would, and ties are
 * broken by the build's order of `byTitle`. Only the matches kept have their stored
 * fields fetched. Each file is fetched once; the header once per `search`, as a new build
 * may have replaced it.
 */
export function createStaticSearch(fetchJson: FetchJson) {
  const files = new Map<string, Promise<unknown>>();
  const file = <T>(path: string): Promise<T> => {
    let pending = files.get(path);
    if (!pending) {
      pending = fetchJson(path);
      // A failed fetch is tried again next time, not remembered.
      pending.catch(() => files.delete(path));
      files.set(path, pending);
    }
    return pending as Promise<T>;
  };

  async function searchIn(
    header: StaticSearchHeader,
    query: string,
    limit: number,
  ): Promise<SearchHit[]> {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    // In the order of the files, so that the terms are loaded in code-unit order, as the whole index's are.
    const wanted = [...new Set(terms.flatMap((term) => termFilesFor(header, term)))].sort(
      (a, b) => a - b,
    );
    const [meta, ...runs] = await Promise.all([
      file<StaticSearchMeta>(metaFile(header.version)),
      ...wanted.map((i) => file<IndexEntry[]>(termFile(header.version, i))),
    ]);
    // Only the entries a query term matches (itself, or a word it begins, as prefix search
    // matches): the files' other terms would change no score, and loading them, with
    // every document they name, is much of a first search's work.
    const matched = runs.flat().filter(([term]) => terms.some((t) => term.startsWith(t)));
    const index = MiniSearch.loadJS<SearchDocument>(
      plainIndex(header, meta, matched),
      SEARCH_INDEX_OPTIONS,
    );
    const byRank = (a: SearchResult, b: SearchResult) => meta.rank[a.id]! - meta.rank[b.id]!;
    const results = rankedResults(index, query, limit, byRank);
    return Promise.all(
      results.map(async ({ id }: SearchResult) => {
        const stored = await file<Record<string, Record<string, unknown>>>(
          documentFile(header.documentFiles[documentFileOf(id)]!),
        );
        return hitOf(stored[id]!);
      }),
    );
  }

  return {
    /**
     * The best `limit` matches of `query`, as the search API returns them. `header` is the
     * index's header when the caller asked for it already (while the engine loaded); else
     * it is fetched here.
     */
    async search(query: string, limit: number, header?: Promise<unknown>): Promise<SearchHit[]> {
      const first = (await (header ?? fetchJson(STATIC_SEARCH_HEADER))) as StaticSearchHeader;
      try {
        return await searchIn(first, query, limit);
      } catch (error) {
        if (!(error instanceof MissingFile)) throw error;
        // A new build replaced the files between the header and them: once more, from its header.
        const current = (await fetchJson(STATIC_SEARCH_HEADER)) as StaticSearchHeader;
        return searchIn(current, query, limit);
      }
    },
  };
}

/**
 * The part of the index the loaded terms make, as MiniSearch serializes an index: every
 * document their entries name, with its field lengths and as its id its short id; no
 * stored fields (those of the matches kept are fetched apart).
 */
function plainIndex(
  header: StaticSearchHeader,
  meta: StaticSearchMeta,
  entries: IndexEntry[],
): AsPlainObject {
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  for (const [, fields] of entries)
    for (const frequencies of Object.values(fields))
      for (const shortId of Object.keys(frequencies)) documentIds[shortId] = Number(shortId);
  for (const [shortId, id] of Object.entries(documentIds))
    fieldLength[shortId] = meta.fieldLength.map((lengths) => lengths[id]!);
  return {
    documentCount: header.documentCount,
    nextId: header.documentCount,
    documentIds,
    fieldIds: header.fieldIds,
    fieldLength,
    averageFieldLength: header.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index: entries,
    serializationVersion: 2,
  };
}
