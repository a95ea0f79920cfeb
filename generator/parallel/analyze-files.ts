import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CollectionKey } from '../../core/collections.ts';
import type { FileAnalysis } from '../analyze-file.ts';
import { NO_CACHE, type BuildCache } from '../build-cache.ts';
import { NO_PROGRESS, type Progress } from '../progress.ts';
import { analyzeJob, type AnalyzeJob } from './analyze-job.ts';

/**
 * Analyzes content files (frontmatter, schema, Markdown parse, body checks). Files
 * analyzed before come from the cache; the rest are analyzed on every core when there
 * are many (parsing Markdown is most of a large build, and one file's analysis needs
 * nothing from another's), on this thread otherwise, where starting workers would cost
 * more than it saves. Results keep the order of the files; an unreadable file is undefined.
 */
const PARALLEL_FROM = 400;
const BATCH = 64;

export interface ContentFile {
  file: string;
  relative: string;
  kind: CollectionKey | 'page';
}

export interface AnalyzeFilesOptions {
  cache?: BuildCache;
  /** Threads to use; default every core. */
  threads?: number;
  progress?: Progress;
}

export async function analyzeFiles(files: ContentFile[], options: AnalyzeFilesOptions = {}): Promise<(FileAnalysis | undefined)[]> {
  const cache = options.cache ?? NO_CACHE;
  const progress = options.progress ?? NO_PROGRESS;
  const results = new Array<FileAnalysis | undefined>(files.length);
  const pending: { index: number; job: AnalyzeJob }[] = [];
  files.forEach(({ file, relative, kind }, index) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    const found = cache.lookup<FileAnalysis>([kind, relative, text]);
    if (found) results[index] = found;
    else pending.push({ index, job: { relative, kind, text } });
  });
  let done = files.length - pending.length;
  progress('analyze', done, files.length);

  const threads = Math.min(options.threads ?? availableParallelism(), Math.ceil(pending.length / BATCH));
  if (pending.length < PARALLEL_FROM || threads < 2) {
    for (const { index, job } of pending) {
      results[index] = analyzeJob(job);
      progress('analyze', ++done, files.length);
    }
  } else {
    const analyzed = await inWorkers(pending.map((p) => p.job), threads, (count) => progress('analyze', (done += count), files.length));
    pending.forEach(({ index }, i) => (results[index] = analyzed[i]));
  }
  for (const { index, job } of pending) cache.store([job.kind, job.relative, job.text], results[index]);
  return results;
}

async function inWorkers(jobs: AnalyzeJob[], threads: number, onBatch: (count: number) => void): Promise<FileAnalysis[]> {
  const results = new Array<FileAnalysis>(jobs.length);
  let next = 0;
  const workers = Array.from({ length: threads }, () => new Worker(new URL('./analyze-worker.mjs', import.meta.url)));
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
              const batch = JSON.parse(text) as FileAnalysis[];
              batch.forEach((result, i) => (results[batchStart + i] = result));
              onBatch(batch.length);
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
