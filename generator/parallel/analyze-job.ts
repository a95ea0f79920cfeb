import type { CollectionKey } from '../../core/collections.ts';
import { analyzeFile, type FileAnalysis } from '../analyze-file.ts';
import { frontmatterSchema, MIN_BODY_WORDS } from '../schemas/content.ts';
import { pageSchema } from '../schemas/site.ts';

/** One content file to analyze: how problems name it, what kind of file it is, and its text. */
export interface AnalyzeJob {
  relative: string;
  kind: CollectionKey | 'page';
  text: string;
}

export function analyzeJob(job: AnalyzeJob): FileAnalysis {
  const options = job.kind === 'page' ? { schema: pageSchema, minWords: 0 } : { schema: frontmatterSchema(job.kind), minWords: MIN_BODY_WORDS[job.kind] };
  return analyzeFile(job.relative, job.text, options);
}
