import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CollectionKey } from '../../core/collections.ts';
import type { FileAnalysis, FileMeta } from '../analyze-file.ts';
import { NO_CACHE, type BuildCache } from '../build-cache.ts';
import { contentReader, digestOf, type ContentReader } from '../content-reader.ts';
import type { WrittenBody } from '../markdown.ts';
import { NO_PROGRESS, type Progress } from '../progress.ts';
import { analyzeJob, type AnalyzeJob } from './analyze-job.ts';
import { eventLoopTurns } from '../event-loop-turns.ts';
import { worthAThread } from './worth-a-thread.ts';

/**
 * Analyzes content files (frontmatter, schema, Markdown parse, body checks). Files
 * analyzed before come from the cache: their fields at once, their bodies only when a
 * page that shows one is rendered. The rest are analyzed on every core when there are
 * many (parsing Markdown is most of a large build, and one file's analysis needs nothing
 * from another's), on this thread otherwise, where starting workers would cost more than
 * it saves. Results keep the order of the files; an unreadable file is undefined.
 */
const BATCH = 64;

/** Fields of every file this process analyzed or read from the cache, by source hash: a process that builds again (npm run dev) reads none twice. */
const metas = new Map<string, FileMeta>();

export interface ContentFile {
  file: string;
  relative: string;
  kind: CollectionKey | 'page';
}

export interface AnalyzedFile {
  /** A hash of the file's kind, name and text: what everything built from the file depends on. */
  source: string;
  meta: FileMeta;
  body(): WrittenBody;
}

export interface AnalyzeFilesOptions {
  cache?: BuildCache;
  /** How the files are read (content-reader.ts); the build shares it with its inputs hash. */
  reader?: ContentReader;
  /** Threads to use; default every core. */
  threads?: number;
  progress?: Progress;
}

export async function analyzeFiles(files: ContentFile[], options: AnalyzeFilesOptions = {}): Promise<(AnalyzedFile | undefined)[]> {
  const cache = options.cache ?? NO_CACHE;
  const progress = options.progress ?? NO_PROGRESS;
  const results = new Array<AnalyzedFile | undefined>(files.length);
  const pending: { index: number; job: AnalyzeJob; source: string }[] = [];
  const cached = (file: string, relative: string, kind: AnalyzeJob['kind'], source: string, meta: FileMeta): AnalyzedFile => {
    let body: WrittenBody | undefined;
    // A body missing from the cache (removed by hand) is analyzed again from the file.
    const load = () => cache.lookup<WrittenBody>([source, 'body']) ?? analyzeJob({ relative, kind, text: readFileSync(file, 'utf8') }).body;
    return { source, meta, body: () => (body ??= load()) };
  };
  const reader = options.reader ?? contentReader();
  const turn = eventLoopTurns();
  for (const [index, { file, relative, kind }] of files.entries()) {
    await turn();
    const read = reader.read(file);
    if (!read) continue;
    const source = sourceOf(kind, relative, read.digest);
    const meta = metas.get(source) ?? cache.lookup<FileMeta>([source, 'meta']);
    if (!meta) {
      pending.push({ index, job: { relative, kind, text: read.bytes?.toString('utf8') ?? readFileSync(file, 'utf8') }, source });
      continue;
    }
    metas.set(source, meta);
    results[index] = cached(file, relative, kind, source, meta);
  }
  let done = files.length - pending.length;
  progress('analyze', done, files.length);

  const threads = Math.min(options.threads ?? availableParallelism(), Math.ceil(pending.length / BATCH));
  let analyzed: FileAnalysis[];
  if (!worthAThread(pending.length) || threads < 2) {
    analyzed = pending.map(({ job }) => {
      const analysis = analyzeJob(job);
      progress('analyze', ++done, files.length);
      return analysis;
    });
  } else {
    analyzed = await inWorkers(pending.map((p) => p.job), threads, (count) => progress('analyze', (done += count), files.length));
  }
  pending.forEach(({ index, source }, i) => (results[index] = remember(source, analyzed[i]!, cache)));
  cache.save(new Set(results.flatMap((result) => (result ? [result.source] : []))));
  return results;
}

/** What everything built from a file depends on: its kind, its name and its bytes (as a digest). */
const sourceOf = (kind: ContentFile['kind'], relative: string, digest: string) =>
  createHash('sha256').update(kind).update('\0').update(relative).update('\0').update(digest).digest('base64url');

/** Keeps a fresh analysis for the next build, in this process and in the cache. */
function remember(source: string, { meta, body }: FileAnalysis, cache: BuildCache): AnalyzedFile {
  cache.store([source, 'meta'], meta);
  cache.store([source, 'body'], body);
  metas.set(source, meta);
  return { source, meta, body: () => body };
}

/** The fields and checks of a file this process analyzed or read from the cache, by its source hash. */
export const knownMeta = (source: string): FileMeta | undefined => metas.get(source);

/**
 * One file analyzed now, on this thread, and kept as a build keeps it, so the build that
 * follows does not analyze it again (npm run dev, writing an edited record first).
 */
export function analyzeNow({ relative, kind }: ContentFile, bytes: Buffer, cache: BuildCache = NO_CACHE): AnalyzedFile {
  return remember(sourceOf(kind, relative, digestOf(bytes)), analyzeJob({ relative, kind, text: bytes.toString('utf8') }), cache);
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
