import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { FileMeta } from './analyze-file.ts';
import { type AnalysisStore, KnownAnalyses } from './analysis-store.ts';
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

/** Files sent to an analysis thread at a time. */
const BATCH = 64;

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
  /** What this process knows of earlier analyses, and where it keeps them for the next build. */
  analyses?: KnownAnalyses;
  /** How the files are read (content-reader.ts); the build shares it with its inputs hash. */
  reader?: ContentReader;
  /** Threads to use; default every core. */
  threads?: number;
  progress?: Progress;
}

/**
 * Analyzes content files (frontmatter, schema, Markdown parse, body checks). Files
 * analyzed before come from the store: their fields at once, their bodies only when a
 * page that shows one is rendered. The rest are analyzed on every core when there are
 * many (parsing Markdown is most of a large build, and one file's analysis needs nothing
 * from another's), on this thread otherwise, where starting workers would cost more than
 * it saves. Results keep the order of the files; an unreadable file is undefined.
 */
export async function analyzeFiles(
  files: ContentFile[],
  options: AnalyzeFilesOptions = {},
): Promise<(AnalyzedFile | undefined)[]> {
  const analyses = options.analyses ?? new KnownAnalyses();
  const { store } = analyses;
  const progress = options.progress ?? NO_PROGRESS;
  const results = new Array<AnalyzedFile | undefined>(files.length);
  const pending: { index: number; source: string }[] = [];
  const jobs: (AnalyzeJob | undefined)[] = [];
  const reader = options.reader ?? contentReader();
  const { metas } = analyses;
  const pinned = new Set<string>();
  analyses.pinned = pinned;
  const last = lastAnalysesOf(store);
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
      (same && metaOf(same, wholeMetaOf(file, source, store))) ??
      store.lookup<FileMeta>(source, 'meta');
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
    results[index] = new CachedFile(file, source, meta, store, same?.checked);
  }
  let done = files.length - pending.length;
  progress('analyze', done, files.length);

  const keep = (i: number, analysis: StoredAnalysis) => {
    const { index, source } = pending[i]!;
    results[index] = remember(files[index]!, source, analysis, analyses);
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
    // Kept and written to the store batch by batch: a large corpus's bodies cannot all be held until the end.
    await inWorkers(jobs, threads, (start, batch) => {
      for (const [i, analysis] of batch.entries()) keep(start + i, analysis);
      store.flush();
      progress('analyze', (done += batch.length), files.length);
    });
  }
  const live = new Set(results.flatMap((result) => (result ? [result.source] : [])));
  store.save(live);
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
    if (!live.has(source) && !pinned.has(source)) metas.delete(source);
  if (analyses.pinned === pinned) analyses.pinned = undefined;
  return results;
}

/** What everything built from a file depends on: its kind, its name and its bytes (as a digest). */
const sourceOf = (kind: ContentFile['kind'], relative: string, digest: string) =>
  hash('sha256', `${kind}\0${relative}\0${digest}`, 'base64url');

/** Keeps a fresh analysis for the next build, in this process (the fields) and in the store. */
function remember(
  file: ContentFile,
  source: string,
  { meta, bodyJson }: StoredAnalysis,
  analyses: KnownAnalyses,
): AnalyzedFile {
  analyses.store.store(source, 'meta', meta);
  analyses.store.storeJson(source, 'body', bodyJson);
  analyses.metas.set(source, meta);
  return new CachedFile(file, source, meta, analyses.store);
}

/**
 * A file whose fields are known. Its body is read from the store each time a page needs it
 * and not kept: every body held at once would be most of a large build's memory.
 * A body missing from the store (removed by hand) is analyzed again from the file. A class,
 * not an object of closures: a build makes one for each of tens of thousands of files.
 */
class CachedFile implements AnalyzedFile {
  readonly checked?: string;

  constructor(
    private readonly file: ContentFile,
    readonly source: string,
    readonly meta: FileMeta,
    private readonly store: AnalysisStore,
    checked?: string,
  ) {
    if (checked) this.checked = checked;
  }

  /** Taken apart from the file by who renders it (load-content.ts): a function of its own. */
  readonly body = (): WrittenBody =>
    this.store.lookup<WrittenBody>(this.source, 'body') ?? analyzeJob(jobOf(this.file)).body;
}

/**
 * A file's whole fields, read from the store when asked for. Made here, not where it is
 * used: a function made inside analyzeFiles would hold that call's scope (every file's
 * result) for as long as the store keeps the fields.
 */
const wholeMetaOf = (file: ContentFile, source: string, store: AnalysisStore) => (): FileMeta =>
  store.lookup<FileMeta>(source, 'meta') ?? analyzeJob(jobOf(file)).meta;

/** A file to analyze again from its text on disk: what the store should have held of it is gone. */
const jobOf = ({ file, relative, kind }: ContentFile): AnalyzeJob => ({
  relative,
  kind,
  text: readFileSync(file, 'utf8'),
});

/**
 * One file analyzed now, on this thread, and kept as a build keeps it, so the build that
 * follows does not analyze it again (npm run dev, writing an edited record first).
 */
export function analyzeNow(
  file: ContentFile,
  bytes: Buffer,
  analyses: KnownAnalyses = new KnownAnalyses(),
): AnalyzedFile {
  const { relative, kind } = file;
  const source = sourceOf(kind, relative, digestOf(bytes));
  analyses.pinned?.add(source);
  return remember(
    file,
    source,
    storedAnalysis(analyzeJob({ relative, kind, text: bytes.toString('utf8') })),
    analyses,
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
      // Results come back as text: cheaper to copy between threads than objects, and the bodies go to the store as they are.
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
