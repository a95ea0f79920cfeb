import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { FileMeta } from './analyze-file.ts';
import { memoryCache, type BuildCache } from '../cache/build-cache.ts';
import { contentReader, digestOf, type ContentReader } from './content-reader.ts';
import type { WrittenBody } from '../markdown/markdown.ts';
import { NO_PROGRESS, type Progress } from '../progress/progress.ts';
import {
  type AnalyzedBatch,
  analyzeJob,
  storedAnalysis,
  type AnalyzeJob,
  type StoredAnalysis,
} from './analyze-job.ts';
import { threadPool } from '../parallel/thread-pool.ts';
import { eventLoopTurns } from '../parallel/event-loop-turns.ts';
import { worthAThread } from '../parallel/worth-a-thread.ts';
import { lastAnalysesOf, lastAnalysis, metaOf, noteAnalysis } from './last-analyses.ts';

/**
 * Analyzes content files (frontmatter, schema, Markdown parse, body checks). Files
 * analyzed before come from the cache: their fields at once, their bodies only when a
 * page that shows one is rendered. The rest are analyzed on every core when there are
 * many (parsing Markdown is most of a large build, and one file's analysis needs nothing
 * from another's), on this thread otherwise, where starting workers would cost more than
 * it saves. Results keep the order of the files; an unreadable file is undefined.
 */
const BATCH = 64;

/**
 * Fields of every file analyzed or read from a cache, by source hash, for as long as that
 * cache is in use: a process that builds again with one cache (npm run dev) reads none
 * twice, and a build that ends lets them go with its cache. Only the files of the last
 * analysis are kept (and those analyzed ahead of the next).
 */
const metasOf = new WeakMap<BuildCache, Map<string, FileMeta>>();

/**
 * Files analyzed ahead (analyzeNow, npm run dev) while an analysis with the same cache
 * runs: that analysis read them before they changed, so it must not let their fields go.
 * A deletion written ahead afterwards needs every record's fields.
 */
const aheadOfAnalysis = new WeakMap<BuildCache, Set<string>>();

function metasFor(cache: BuildCache): Map<string, FileMeta> {
  let metas = metasOf.get(cache);
  if (!metas) metasOf.set(cache, (metas = new Map()));
  return metas;
}

export interface ContentFile {
  file: string;
  relative: string;
  kind: AnalyzeJob['kind'];
}

export interface AnalyzedFile {
  /** A hash of the file's kind, name and text: what everything built from the file depends on. */
  source: string;
  meta: FileMeta;
  body(): WrittenBody;
  /** The records (recordsKey) this very text last passed the corpus-wide checks against, if a build kept it (last-analyses.ts). */
  checked?: string;
}

export interface AnalyzeFilesOptions {
  cache?: BuildCache;
  /** How the files are read (content-reader.ts); the build shares it with its inputs hash. */
  reader?: ContentReader;
  /** Threads to use; default every core. */
  threads?: number;
  progress?: Progress;
}

export async function analyzeFiles(
  files: ContentFile[],
  options: AnalyzeFilesOptions = {},
): Promise<(AnalyzedFile | undefined)[]> {
  const cache = options.cache ?? memoryCache();
  const progress = options.progress ?? NO_PROGRESS;
  const results = new Array<AnalyzedFile | undefined>(files.length);
  const pending: { index: number; source: string }[] = [];
  const jobs: (AnalyzeJob | undefined)[] = [];
  const reader = options.reader ?? contentReader();
  const metas = metasFor(cache);
  const ahead = new Set<string>();
  aheadOfAnalysis.set(cache, ahead);
  const last = lastAnalysesOf(cache);
  /** Files whose last analysis is of another text (or none): noted once analyzed. */
  const renewed: { index: number; digest: string }[] = [];
  const turn = eventLoopTurns();
  for (const [index, file] of files.entries()) {
    const pause = turn();
    if (pause) await pause;
    const read = reader.read(file.file);
    if (!read) continue;
    const known = last && lastAnalysis(last, file.file);
    const same =
      known?.kind === file.kind && known.relative === file.relative && known.digest === read.digest
        ? known
        : undefined;
    const source = same?.source ?? sourceOf(file.kind, file.relative, read.digest);
    if (!same) renewed.push({ index, digest: read.digest });
    const meta =
      metas.get(source) ??
      (same && metaOf(same, wholeMetaOf(file, source, cache))) ??
      cache.lookup<FileMeta>([source, 'meta']);
    if (!meta) {
      pending.push({ index, source });
      jobs.push({
        relative: file.relative,
        kind: file.kind,
        text: read.bytes?.toString('utf8') ?? readFileSync(file.file, 'utf8'),
      });
      continue;
    }
    metas.set(source, meta);
    results[index] = new CachedFile(file, source, meta, cache, same?.checked);
  }
  let done = files.length - pending.length;
  progress('analyze', done, files.length);

  const keep = (i: number, analysis: StoredAnalysis) => {
    const { index, source } = pending[i]!;
    results[index] = remember(files[index]!, source, analysis, cache);
  };
  const threads = Math.min(
    options.threads ?? availableParallelism(),
    Math.ceil(pending.length / BATCH),
  );
  if (!worthAThread(pending.length) || threads < 2) {
    jobs.forEach((job, i) => {
      keep(i, storedAnalysis(analyzeJob(job!)));
      progress('analyze', ++done, files.length);
    });
  } else {
    // Kept and written to the cache batch by batch: a large corpus's bodies cannot all be held until the end.
    await inWorkers(jobs, threads, (start, batch) => {
      for (const [i, analysis] of batch.entries()) keep(start + i, analysis);
      cache.flush();
      progress('analyze', (done += batch.length), files.length);
    });
  }
  const live = new Set(results.flatMap((result) => (result ? [result.source] : [])));
  cache.save(live);
  if (last) {
    for (const { index, digest } of renewed) {
      const file = files[index]!;
      const result = results[index];
      if (result)
        noteAnalysis(
          last,
          file.file,
          { kind: file.kind, relative: file.relative, digest, source: result.source },
          result.meta,
          file.kind !== 'page' && file.kind !== 'data',
        );
    }
    const analyzed = new Set(files.map((file) => file.file));
    for (const file of [...last.keys()]) if (!analyzed.has(file)) last.delete(file);
  }
  for (const source of metas.keys())
    if (!live.has(source) && !ahead.has(source)) metas.delete(source);
  if (aheadOfAnalysis.get(cache) === ahead) aheadOfAnalysis.delete(cache);
  return results;
}

/** What everything built from a file depends on: its kind, its name and its bytes (as a digest). */
const sourceOf = (kind: ContentFile['kind'], relative: string, digest: string) =>
  hash('sha256', `${kind}\0${relative}\0${digest}`, 'base64url');

/** Keeps a fresh analysis for the next build, in this process (the fields) and in the cache. */
function remember(
  file: ContentFile,
  source: string,
  { meta, bodyJson }: StoredAnalysis,
  cache: BuildCache,
): AnalyzedFile {
  cache.store([source, 'meta'], meta);
  cache.storeJson([source, 'body'], bodyJson);
  metasFor(cache).set(source, meta);
  return new CachedFile(file, source, meta, cache);
}

/**
 * A file whose fields are known. Its body is read from the cache each time a page needs it
 * and not kept: every body held at once would be most of a large build's memory.
 * A body missing from the cache (removed by hand) is analyzed again from the file. A class,
 * not an object of closures: a build makes one for each of tens of thousands of files.
 */
class CachedFile implements AnalyzedFile {
  readonly checked?: string;

  constructor(
    private readonly file: ContentFile,
    readonly source: string,
    readonly meta: FileMeta,
    private readonly cache: BuildCache,
    checked?: string,
  ) {
    if (checked) this.checked = checked;
  }

  /** Taken apart from the file by who renders it (load-content.ts): a function of its own. */
  readonly body = (): WrittenBody =>
    this.cache.lookup<WrittenBody>([this.source, 'body']) ?? analyzeJob(jobOf(this.file)).body;
}

/**
 * A file's whole fields, read from the cache when asked for. Made here, not where it is
 * used: a function made inside analyzeFiles would hold that call's scope (every file's
 * result) for as long as the cache keeps the fields.
 */
const wholeMetaOf = (file: ContentFile, source: string, cache: BuildCache) => (): FileMeta =>
  cache.lookup<FileMeta>([source, 'meta']) ?? analyzeJob(jobOf(file)).meta;

/** A file to analyze again from its text on disk: what the cache should have held of it is gone. */
const jobOf = ({ file, relative, kind }: ContentFile): AnalyzeJob => ({
  relative,
  kind,
  text: readFileSync(file, 'utf8'),
});

/** The fields and checks of a file analyzed or read from this cache, by its source hash. */
export const knownMeta = (cache: BuildCache, source: string): FileMeta | undefined =>
  metasOf.get(cache)?.get(source);

/**
 * One file analyzed now, on this thread, and kept as a build keeps it, so the build that
 * follows does not analyze it again (npm run dev, writing an edited record first).
 */
export function analyzeNow(
  file: ContentFile,
  bytes: Buffer,
  cache: BuildCache = memoryCache(),
): AnalyzedFile {
  const { relative, kind } = file;
  const source = sourceOf(kind, relative, digestOf(bytes));
  aheadOfAnalysis.get(cache)?.add(source);
  return remember(
    file,
    source,
    storedAnalysis(analyzeJob({ relative, kind, text: bytes.toString('utf8') })),
    cache,
  );
}

/** Analyzes the jobs in workers, handing each batch's results over as they come; a job's text is let go once sent. */
async function inWorkers(
  jobs: (AnalyzeJob | undefined)[],
  threads: number,
  onBatch: (start: number, batch: StoredAnalysis[]) => void,
): Promise<void> {
  const pool = threadPool<AnalyzeJob[], AnalyzedBatch>('analyze', threads);
  let next = 0;
  // One batch at a time for each thread: the next is sent once its answer is in.
  const feed = async () => {
    while (next < jobs.length) {
      const start = next;
      next = Math.min(jobs.length, next + BATCH);
      const batch = jobs.slice(start, next) as AnalyzeJob[];
      jobs.fill(undefined, start, next);
      // Results come back as text: cheaper to copy between threads than objects, and the bodies go to the cache as they are.
      const { metas, bodies } = await pool.run(batch);
      onBatch(
        start,
        (JSON.parse(metas) as FileMeta[]).map((meta, i) => ({ meta, bodyJson: bodies[i]! })),
      );
    }
  };
  try {
    await Promise.all(Array.from({ length: threads }, feed));
  } finally {
    await pool.close();
  }
}
