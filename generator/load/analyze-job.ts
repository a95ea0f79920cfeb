import type { CollectionKey } from '../../core/collections.ts';
import path from 'node:path';
import { analyzeDataFile, analyzeFile, type FileAnalysis, type FileMeta } from './analyze-file.ts';
import { frontmatterSchema, MIN_BODY_WORDS } from '../model/schemas/content.ts';
import { DATA_FILE_SCHEMAS, pageSchema, type DataFileName } from '../model/schemas/site.ts';

/** One content file to analyze: how problems name it, what kind of file it is, and its text. */
export interface AnalyzeJob {
  relative: string;
  /** A collection's record, a page, or a data file (schemas/site.ts names them). */
  kind: CollectionKey | 'page' | 'data';
  text: string;
}

export function analyzeJob(job: AnalyzeJob): FileAnalysis {
  if (job.kind === 'data')
    return analyzeDataFile(
      job.relative,
      job.text,
      DATA_FILE_SCHEMAS[path.basename(job.relative) as DataFileName],
    );
  const options =
    job.kind === 'page'
      ? { schema: pageSchema, minWords: 0 }
      : { schema: frontmatterSchema(job.kind), minWords: MIN_BODY_WORDS[job.kind] };
  return analyzeFile(job.relative, job.text, options);
}

/** An analysis as the cache keeps it: the fields, and the body already as JSON text. */
export interface StoredAnalysis {
  meta: FileMeta;
  bodyJson: string;
}

/**
 * The analysis with its body serialized where it was made: a worker then hands the main
 * thread text, which goes to the cache as it is, not a tree it would rebuild only to
 * serialize it again (which would be most of the main thread's garbage while analyzing).
 */
export function storedAnalysis({ meta, body }: FileAnalysis): StoredAnalysis {
  return { meta, bodyJson: JSON.stringify(body) };
}

/** A batch of analyses as a worker thread hands them over: the fields as one JSON text, and each body's JSON. */
export interface AnalyzedBatch {
  metas: string;
  bodies: string[];
}

/** A batch of files analyzed on a worker thread (parallel/worker.ts). */
export function analyzeBatch(jobs: AnalyzeJob[]): AnalyzedBatch {
  const analyses = jobs.map((job) => storedAnalysis(analyzeJob(job)));
  return {
    metas: JSON.stringify(analyses.map((a) => a.meta)),
    bodies: analyses.map((a) => a.bodyJson),
  };
}
