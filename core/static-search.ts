import { scoreEntries } from './score-entries.ts';
import { byRules, hitOf, queryTerms, type SearchHit } from './search-ranking.ts';
import {
  documentFileOf,
  type IndexEntry,
  STATIC_SEARCH_HEADER,
  type StaticSearchHeader,
  type StaticSearchMeta,
  staticSearchFile,
  termFilesFor,
} from './static-search-index.ts';

/** Fetches a file of the static index as JSON; throws `MissingFile` when the host has no such file. */
export type FetchJson = (path: string) => Promise<unknown>;

/** The file is not there (a host's 404, or none on disk): it belongs to a build since replaced. */
export class MissingFile extends Error {}

/**
 * Search over the static index (core/static-search-index.ts), by the rules of
 * core/search-ranking.ts, for the functions (runtime/static-search-on-disk.ts) and the
 * browser (core/browser-search.ts) alike: for each query, the entries of its terms, from
 * the term files that hold them, are scored with the whole index's document count and
 * lengths, so BM25 scores each match as the whole index would (core/score-entries.ts), and
 * ties are broken by the build's order of `byTitle`. Only the matches kept have their
 * stored fields fetched. Each file is fetched once; the header once per `search`, as a new
 * build may have replaced it, but for the first search after a warm-up.
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
    const wanted = [...new Set(terms.flatMap((term) => termFilesFor(header, term)))];
    const [meta, ...runs] = await Promise.all([
      file<StaticSearchMeta>(staticSearchFile(header.meta)),
      ...wanted.map((name) => file<IndexEntry[]>(staticSearchFile(name))),
    ]);
    const ranked = scoreEntries(runs.flat(), terms, { ...header, fieldLength: meta.fieldLength })
      .sort(byRules((a, b) => meta.rank[a.shortId]! - meta.rank[b.shortId]!))
      .slice(0, limit);
    return Promise.all(
      ranked.map(async ({ shortId }) => {
        const stored = await file<Record<string, Record<string, unknown>>>(
          staticSearchFile(header.documentFiles[documentFileOf(shortId)]!),
        );
        return hitOf(stored[shortId]!);
      }),
    );
  }

  /** The header the last warm-up fetched, for the next search alone; undefined if it failed. */
  let warmed: Promise<unknown> | undefined;

  return {
    /**
     * Fetches what every query needs before one is asked: the header, then the meta. The
     * next search takes this header instead of asking for it, so it reads only its term
     * files and its matches; the searches after it revalidate the header as usual.
     */
    async warm(): Promise<void> {
      const header = fetchJson(STATIC_SEARCH_HEADER);
      warmed = header.catch(() => undefined);
      await file(staticSearchFile(((await header) as StaticSearchHeader).meta));
    },

    /**
     * The best `limit` matches of `query`, as the search API returns them. `header` is the
     * index's header when the caller asked for it already (while the engine loaded); else
     * the one a warm-up fetched, or it is fetched here.
     */
    async search(query: string, limit: number, header?: Promise<unknown>): Promise<SearchHit[]> {
      const kept = header ?? warmed;
      warmed = undefined;
      const first = ((await kept) ?? (await fetchJson(STATIC_SEARCH_HEADER))) as StaticSearchHeader;
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
