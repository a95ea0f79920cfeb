import type { FileMeta } from './analyze-file.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import type { KeyedLog } from '../cache/keyed-log.ts';

/**
 * What the last analysis of each content file left, by the file's absolute path: the
 * file's kind, name and digest, its source (analyze-files.ts), its problems and word
 * count, its fields without the long ones, and the records it last passed the checks that
 * need the whole corpus against (references, links). A build after an edit takes every
 * other file from here, in one read of one file, instead of every file's whole fields from
 * the cache: a fraction of the JSON, in one entry rather than one per file, no hash made
 * per file, and no file checked again that passed against the same records.
 * A record's long values (a prose field, a list of long items: nothing but the record's own
 * page and document shows them), its references and its links with their lines are read
 * from the cache when first used: for the handful of records whose page or document is
 * made again, or a file checked again.
 */
export interface LastAnalysis {
  kind: string;
  relative: string;
  digest: string;
  source: string;
  /** The records (recordsKey in load-content.ts) the file last passed the corpus-wide checks against. */
  checked?: string;
  problems: FileMeta['problems'];
  words: number;
  /** The fields, a record's long values left out. */
  fields: Record<string, unknown>;
}

type Stored = [
  kind: string,
  relative: string,
  digest: string,
  source: string,
  checked: string | null,
  problems: FileMeta['problems'],
  words: number,
  fields: Record<string, unknown>,
];

export type LastAnalyses = KeyedLog<Stored>;

/** The last analyses a build kept in this cache, for a cache builds come back to. */
export const lastAnalysesOf = (cache: BuildCache): LastAnalyses | undefined =>
  cache.log<Stored>('last-analyses');

/** A record's value longer than this, as JSON, is left out: summaries (300 characters at most) stay. */
const LONG_VALUE = 320;

export function lastAnalysis(log: LastAnalyses, file: string): LastAnalysis | undefined {
  const stored = log.get(file);
  if (!wellFormed(stored)) return undefined;
  return {
    kind: stored[0],
    relative: stored[1],
    digest: stored[2],
    source: stored[3],
    checked: stored[4] ?? undefined,
    problems: stored[5],
    words: stored[6],
    fields: stored[7],
  };
}

/** Whether a line of the log reads as one of ours: one damaged (a disk, a hand) costs an analysis, never fields of another shape. */
function wellFormed(stored: unknown): stored is Stored {
  if (!Array.isArray(stored) || stored.length !== 8) return false;
  const [kind, relative, digest, source, checked, problems, words, fields] = stored as unknown[];
  return (
    [kind, relative, digest, source].every((value) => typeof value === 'string') &&
    (checked === null || typeof checked === 'string') &&
    Array.isArray(problems) &&
    typeof words === 'number' &&
    typeof fields === 'object' &&
    fields !== null &&
    !Array.isArray(fields)
  );
}

/** Records a file's analysis: its source and whole fields, as a fresh analysis or the cache gives them. Only a collection's records leave long values out. */
export function noteAnalysis(
  log: LastAnalyses,
  file: string,
  analysis: Pick<LastAnalysis, 'kind' | 'relative' | 'digest' | 'source'>,
  meta: FileMeta,
  isRecord: boolean,
): void {
  const fields = isRecord
    ? Object.fromEntries(
        Object.entries(meta.data).filter(([, value]) => JSON.stringify(value).length <= LONG_VALUE),
      )
    : meta.data;
  log.set(file, [
    analysis.kind,
    analysis.relative,
    analysis.digest,
    analysis.source,
    null,
    meta.problems,
    meta.words,
    fields,
  ]);
}

/** Notes that the file passed the corpus-wide checks against these records. */
export function noteChecked(log: LastAnalyses, file: string, records: string): void {
  const stored = log.get(file);
  if (stored && stored[4] !== records)
    log.set(file, [
      stored[0],
      stored[1],
      stored[2],
      stored[3],
      records,
      stored[5],
      stored[6],
      stored[7],
    ]);
}

/**
 * A file's fields and checks from its last analysis: its data without the long values,
 * and its references and links read from `whole` when first asked for, and kept. wholeMeta
 * gives every field, read again each time rather than kept: a build that renders every
 * record (dist/ deleted, the cache kept) otherwise held every record's long values to its
 * end. A class, not an object of closures: a build makes one for each of tens of thousands
 * of files.
 */
class LeanMeta implements FileMeta {
  readonly data: Record<string, unknown>;
  readonly problems: FileMeta['problems'];
  readonly words: number;
  #checks: Pick<FileMeta, 'references' | 'links'> | undefined;

  constructor(
    last: LastAnalysis,
    readonly whole: () => FileMeta,
  ) {
    this.data = last.fields;
    this.problems = last.problems;
    this.words = last.words;
  }

  get references() {
    return this.#checked().references;
  }

  get links() {
    return this.#checked().links;
  }

  #checked() {
    if (!this.#checks) {
      const { references, links } = this.whole();
      this.#checks = { references, links };
    }
    return this.#checks;
  }
}

export const metaOf = (last: LastAnalysis, whole: () => FileMeta): FileMeta =>
  new LeanMeta(last, whole);

/** The meta with every field: itself, unless it came from the last analyses with long values left out. */
export const wholeMeta = (meta: FileMeta): FileMeta =>
  meta instanceof LeanMeta ? meta.whole() : meta;
