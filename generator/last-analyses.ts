import type { FileMeta } from './analyze-file.ts';
import { openKeyedLog, type KeyedLog } from './keyed-log.ts';

/**
 * What the last analysis of each content file left, by the file's absolute path: the
 * file's kind, name and digest, its source (analyze-files.ts), its problems and word
 * count, its fields without the long ones, and the records it last passed the checks that
 * need the whole corpus against (references, links). A build after an edit takes every
 * other file from here, in one read of one file, instead of every file's whole fields from
 * the cache: at 10,000 records 4 to 6 MB of JSON instead of 12 MB in ten thousand entries,
 * no hash made per file, and no file checked again that passed against the same records.
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

type Stored = [kind: string, relative: string, digest: string, source: string, checked: string | null, problems: FileMeta['problems'], words: number, fields: Record<string, unknown>];

export type LastAnalyses = KeyedLog<Stored>;

export const openLastAnalyses = (file: string): LastAnalyses => openKeyedLog<Stored>(file);

/** A record's value longer than this, as JSON, is left out: summaries (300 characters at most) stay. */
const LONG_VALUE = 320;

export function lastAnalysis(log: LastAnalyses, file: string): LastAnalysis | undefined {
  const stored = log.get(file);
  if (!wellFormed(stored)) return undefined;
  const [kind, relative, digest, source, checked, problems, words, fields] = stored;
  return { kind, relative, digest, source, ...(checked ? { checked } : {}), problems, words, fields };
}

/** Whether a line of the log reads as one of ours: one damaged (a disk, a hand) costs an analysis, never fields of another shape. */
function wellFormed(stored: unknown): stored is Stored {
  if (!Array.isArray(stored) || stored.length !== 8) return false;
  const [kind, relative, digest, source, checked, problems, words, fields] = stored as unknown[];
  return [kind, relative, digest, source].every((value) => typeof value === 'string') && (checked === null || typeof checked === 'string') && Array.isArray(problems) && typeof words === 'number' && typeof fields === 'object' && fields !== null && !Array.isArray(fields);
}

/** Records a file's analysis: its source and whole fields, as a fresh analysis or the cache gives them. Only a collection's records leave long values out. */
export function noteAnalysis(log: LastAnalyses, file: string, analysis: Pick<LastAnalysis, 'kind' | 'relative' | 'digest' | 'source'>, meta: FileMeta, isRecord: boolean): void {
  const fields = isRecord ? Object.fromEntries(Object.entries(meta.data).filter(([, value]) => JSON.stringify(value).length <= LONG_VALUE)) : meta.data;
  log.set(file, [analysis.kind, analysis.relative, analysis.digest, analysis.source, null, meta.problems, meta.words, fields]);
}

/** Notes that the file passed the corpus-wide checks against these records. */
export function noteChecked(log: LastAnalyses, file: string, records: string): void {
  const stored = log.get(file);
  if (stored && stored[4] !== records) log.set(file, [stored[0], stored[1], stored[2], stored[3], records, stored[5], stored[6], stored[7]]);
}

const wholes = new WeakMap<FileMeta, () => FileMeta>();

/**
 * A file's fields and checks from its last analysis: its data without the long values,
 * and its references and links read from `whole` when first asked for, and kept. wholeMeta
 * gives every field, read again each time rather than kept: a build that renders every
 * record (dist/ deleted, the cache kept) otherwise held every record's long values to its
 * end, 1.26 GiB at 50,000 records.
 */
export function metaOf(last: LastAnalysis, whole: () => FileMeta): FileMeta {
  let checks: Pick<FileMeta, 'references' | 'links'> | undefined;
  const checked = () => {
    if (!checks) {
      const { references, links } = whole();
      checks = { references, links };
    }
    return checks;
  };
  const meta: FileMeta = {
    data: last.fields,
    problems: last.problems,
    words: last.words,
    get references() {
      return checked().references;
    },
    get links() {
      return checked().links;
    },
  };
  wholes.set(meta, whole);
  return meta;
}

/** The meta with every field: itself, unless it came from the last analyses with long values left out. */
export const wholeMeta = (meta: FileMeta): FileMeta => wholes.get(meta)?.() ?? meta;
