import type { FileMeta } from './analyze-file.ts';
import type { KeyedStore } from '../model/stores.ts';
import type { AnalysisStore } from './analysis-store.ts';

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
 * from the store when first used: for the handful of records whose page or document is
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

export type LastAnalyses = KeyedStore<LastAnalysis>;

/** The last analyses a build kept in this store, for a store builds come back to. */
export const lastAnalysesOf = (store: AnalysisStore): LastAnalyses | undefined =>
  store.log<LastAnalysis>('last-analyses');

/** A record's value longer than this, as JSON, is left out: summaries (300 characters at most) stay. */
const LONG_VALUE = 320;

export function lastAnalysis(log: LastAnalyses, file: string): LastAnalysis | undefined {
  const stored = log.get(file);
  return wellFormed(stored) ? stored : undefined;
}

/** Whether an entry of the log reads as one of ours: one damaged (a disk, a hand) costs an analysis, never fields of another shape. */
function wellFormed(stored: unknown): stored is LastAnalysis {
  if (typeof stored !== 'object' || stored === null) return false;
  const { kind, relative, digest, source, checked, problems, words, fields } = stored as Record<
    keyof LastAnalysis,
    unknown
  >;
  return (
    [kind, relative, digest, source].every((value) => typeof value === 'string') &&
    (checked === undefined || typeof checked === 'string') &&
    Array.isArray(problems) &&
    typeof words === 'number' &&
    typeof fields === 'object' &&
    fields !== null &&
    !Array.isArray(fields)
  );
}

/** Records a file's analysis: its source and whole fields, as a fresh analysis or the store gives them. Only a collection's records leave long values out. */
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
  log.set(file, { ...analysis, problems: meta.problems, words: meta.words, fields });
}

/** Notes that the file passed the corpus-wide checks against these records. */
export function noteChecked(log: LastAnalyses, file: string, records: string): void {
  const stored = log.get(file);
  if (stored && stored.checked !== records) log.set(file, { ...stored, checked: records });
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
