import { readFileSync } from 'node:fs';
import type { CollectionKey } from '../../core/collections.ts';
import { analyzeFile, type FileAnalysis } from '../analyze-file.ts';
import { NO_CACHE, openBuildCache, type BuildCache } from '../build-cache.ts';
import { frontmatterSchema, MIN_BODY_WORDS } from '../schemas/content.ts';
import { pageSchema } from '../schemas/site.ts';

/** One content file to analyze: where it is, how problems name it, and what kind of file it is. */
export interface AnalyzeJob {
  file: string;
  relative: string;
  kind: CollectionKey | 'page';
}

const caches = new Map<string, BuildCache>();

/**
 * The analysis of one file, from the cache when its text has been analyzed before;
 * undefined when it cannot be read. Reads block: each thread works through its files one
 * by one, and a synchronous read of a small file costs less than a trip through libuv's pool.
 */
export function analyzeJob(job: AnalyzeJob, cacheDir: string | undefined): FileAnalysis | undefined {
  let text: string;
  try {
    text = readFileSync(job.file, 'utf8');
  } catch {
    return undefined;
  }
  let cache = cacheDir ? caches.get(cacheDir) : NO_CACHE;
  if (!cache) caches.set(cacheDir!, (cache = openBuildCache(cacheDir!)));
  const options = job.kind === 'page' ? { schema: pageSchema, minWords: 0 } : { schema: frontmatterSchema(job.kind), minWords: MIN_BODY_WORDS[job.kind] };
  return cache.remember(() => [job.kind, job.relative, text], () => analyzeFile(job.relative, text, options));
}
