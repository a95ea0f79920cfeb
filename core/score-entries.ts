import { SEARCH_DEFAULTS, SEARCH_FIELDS } from './search-options.ts';
import { type RankedMatch, tierOf } from './search-ranking.ts';
import type { IndexEntry } from './static-search-index.ts';

/** What BM25 needs of the whole index besides the entries of the query's terms. */
export interface IndexStatistics {
  documentCount: number;
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  /** Per field id, each document's length in that field, by short id. */
  fieldLength: number[][];
}

/** A document matched by every term of a query: its short id, its score and its tier (core/search-ranking.ts). */
export interface ScoredDocument extends RankedMatch {
  shortId: number;
}

const { k, b, d } = SEARCH_DEFAULTS.bm25;
const PREFIX_WEIGHT = SEARCH_DEFAULTS.weights.prefix;
const boosts: Record<string, number> = SEARCH_DEFAULTS.boost;
const FIELD_BOOSTS = SEARCH_FIELDS.map((field) => [field, boosts[field] ?? 1] as const);

/** MiniSearch's BM25+: how much `termFrequency` of a term in a field of `fieldLength` adds. */
function bm25(
  termFrequency: number,
  matchingDocuments: number,
  documentCount: number,
  fieldLength: number,
  averageFieldLength: number,
): number {
  const inverseFrequency = Math.log(
    1 + (documentCount - matchingDocuments + 0.5) / (matchingDocuments + 0.5),
  );
  return (
    inverseFrequency *
    (d +
      (termFrequency * (k + 1)) /
        (termFrequency + k * (1 - b + (b * fieldLength) / averageFieldLength)))
  );
}

/**
 * The index's terms `term` matches, as MiniSearch visits them: itself first, then the
 * words it begins, last in code-unit order first (its radix tree, filled in that order,
 * is walked from its last branch). The order of the additions decides the last bit of a
 * score, and so, now and then, the order of two matches.
 */
function matchedEntries(entries: readonly IndexEntry[], term: string): IndexEntry[] {
  const matched = entries.filter(([indexed]) => indexed.startsWith(term));
  return matched.sort(([x], [y]) => (x === term ? -1 : y === term ? 1 : x < y ? 1 : -1));
}

/**
 * The documents that match every term of `terms`, scored exactly as MiniSearch's search
 * with SEARCH_DEFAULTS scores them over the whole index (every term, and each word a
 * term begins), from only the index entries of those terms and the index's statistics.
 * `terms` are a query's terms as queryTerms gives them: distinct, and at most
 * MAX_QUERY_TERMS, so that one bit per term fits a 32-bit mask. The browser ranks the
 * static index with it (core/static-search.ts): loading the entries into a MiniSearch
 * index first costs many times the scoring itself in a page's cold code.
 */
export function scoreEntries(
  entries: readonly IndexEntry[],
  terms: readonly string[],
  statistics: IndexStatistics,
): ScoredDocument[] {
  const { documentCount } = statistics;
  // Per document, by short id: its score over the terms so far, how many of them it
  // matches, a bit for each whose match is in its title, and its score for the term at hand.
  const total = new Float64Array(documentCount);
  const matched = new Uint8Array(documentCount);
  const inTitle = new Uint32Array(documentCount);
  const termScore = new Float64Array(documentCount);
  let matchAll: number[] = [];
  for (const [i, term] of terms.entries()) {
    const matchTerm: number[] = [];
    for (const [indexed, fields] of matchedEntries(entries, term)) {
      const weight =
        indexed === term
          ? 1
          : (PREFIX_WEIGHT * indexed.length) /
            (indexed.length + 0.3 * (indexed.length - term.length));
      for (const [field, boost] of FIELD_BOOSTS) {
        const fieldId = statistics.fieldIds[field]!;
        const frequencies = fields[fieldId];
        if (!frequencies) continue;
        const documents = Object.keys(frequencies);
        const lengths = statistics.fieldLength[fieldId]!;
        for (const key of documents) {
          const shortId = Number(key);
          // A document an earlier term does not match is out, as MiniSearch's AND leaves it.
          if (matched[shortId]! < i) continue;
          if (matched[shortId] === i) {
            matched[shortId] = i + 1;
            termScore[shortId] = 0;
            matchTerm.push(shortId);
          }
          const raw = bm25(
            frequencies[key]!,
            documents.length,
            documentCount,
            lengths[shortId]!,
            statistics.averageFieldLength[fieldId]!,
          );
          termScore[shortId]! += weight * boost * raw;
          if (field === 'title') inTitle[shortId]! |= 1 << i;
        }
      }
    }
    // As MiniSearch's AND adds them: the score so far, plus the score for this term.
    for (const shortId of matchTerm)
      total[shortId] = i === 0 ? termScore[shortId]! : total[shortId]! + termScore[shortId]!;
    matchAll = matchTerm;
  }
  // MiniSearch multiplies a score by the number of query terms the document matches: all of them here.
  return matchAll.map((shortId) => ({
    shortId,
    score: total[shortId]! * terms.length,
    tier: tierOf(bitCount(inTitle[shortId]!), terms.length),
  }));
}

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest; rest &= rest - 1) count++;
  return count;
}
