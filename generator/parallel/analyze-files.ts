import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FileAnalysis } from '../analyze-file.ts';
import { NO_PROGRESS, type Progress } from '../progress.ts';
import { analyzeJob, type AnalyzeJob } from './analyze-job.ts';

/**
 * Analyzes content files (read, frontmatter, schema, Markdown parse, body checks) on
 * every core: parsing Markdown is most of a large build, and one file's analysis needs
 * nothing from another's. Small corpora stay on this thread, where starting workers
 * would cost more than it saves. Results keep the order of the jobs.
 */
const PARALLEL_FROM = 400;
const BATCH = 64;

export interface AnalyzeFilesOptions {
  /** The build cache's directory, or undefined to analyze everything afresh. */
  cacheDir?: string;
  /** Threads to use; default every core. */
  threads?: number;
  progress?: Progress;
}

export async function analyzeFiles(jobs: AnalyzeJob[], options: AnalyzeFilesOptions = {}): Promise<(FileAnalysis | undefined)[]> {
  const progress = options.progress ?? NO_PROGRESS;
  const threads = Math.min(options.threads ?? availableParallelism(), Math.ceil(jobs.length / BATCH));
  if (jobs.length < PARALLEL_FROM || threads < 2) {
    return jobs.map((job, i) => {
      progress('analyze', i, jobs.length);
      return analyzeJob(job, options.cacheDir);
    });
  }
  const results = new Array<FileAnalysis | undefined>(jobs.length);
  let next = 0;
  let done = 0;
  const workers = Array.from({ length: threads }, () => new Worker(new URL('./analyze-worker.mjs', import.meta.url), { workerData: { cacheDir: options.cacheDir } }));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let batchStart = 0;
            const send = () => {
              if (next >= jobs.length) return resolve();
              batchStart = next;
              next = Math.min(jobs.length, next + BATCH);
              worker.postMessage(jobs.slice(batchStart, next));
            };
            // Results come back as one JSON text per batch: cheaper to copy between threads than the trees themselves.
            worker.on('message', (text: string) => {
              const batch = JSON.parse(text) as (FileAnalysis | null)[];
              batch.forEach((result, i) => (results[batchStart + i] = result ?? undefined));
              progress('analyze', (done += batch.length), jobs.length);
              send();
            });
            worker.once('error', reject);
            worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`An analysis worker stopped with exit code ${code}`))));
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}
