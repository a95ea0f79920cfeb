import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { byCollection, type CollectionKey } from '../core/collections.ts';
import { limitHeapGrowth } from './parallel/heap-growth.ts';
import type { Corpus } from './model/corpus.ts';
import { buildInputs, knownInputs } from './load/build-inputs.ts';
import { KnownAnalyses } from './load/analysis-store.ts';
import { contentReader, type FileState } from './load/content-reader.ts';
import type { Progress } from './progress/progress.ts';
import type { FileContent } from './model/outputs.ts';
import { headStart } from './write/render-off-thread.ts';
import { DistState } from './write/dist-state.ts';
import { readManifest } from './write/dist-manifest.ts';
import { writeDistSwapped } from './write/swapped-write.ts';
import { WriteAhead } from './write/write-ahead.ts';
import type { WriteSummary } from './write/write-plan.ts';
import { DEFAULT_CACHE_DIR, openBuildState } from './cache/build-state.ts';
import { readKeptRecords, writeKeptRecords, type KeptRecords } from './render/record-signatures.ts';

export { DEFAULT_CACHE_DIR };

type BuildStages = typeof import('./build-stages.ts');
/** The stages past the look at the inputs, loaded once a build has work (build-stages.ts). */
const loadStages = (): Promise<BuildStages> => import('./build-stages.ts');

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  baseUrl?: string;
  /** Directory of the incremental build cache; without it every file is processed afresh. */
  cacheDir?: string;
  /** Threads that analyze content files and render pages; default every core. */
  threads?: number;
  progress?: Progress;
}

export interface BuildSummary {
  records: Record<CollectionKey, number>;
  files: number;
  /** Size of dist/. */
  bytes: number;
  /** Files written and deleted: with a cache, only what changed since the last build. */
  written: number;
  deleted: number;
  /** With a cache, the files written and deleted, as paths in dist/. */
  changed?: string[];
  milliseconds: number;
}

/** content/ -> dist/. Throws ContentError (every problem listed) before anything is written. */
export async function build(options: BuildOptions): Promise<BuildSummary> {
  return options.cacheDir
    ? createBuilder({ ...options, cacheDir: options.cacheDir }).build()
    : cleanBuild(options);
}

async function cleanBuild(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  // Nothing is reused, but bodies wait on disk, not in memory, until their pages are written.
  const scratch = await mkdtemp(path.join(tmpdir(), 'content-build-'));
  try {
    const state = openBuildState(scratch, options.outDir, { keepLogs: false });
    const { loadContent, outputsOf } = await loadStages();
    const reader = contentReader();
    limitHeapGrowth((await reader.list(options.contentDir)).length);
    const corpus = await loadContent(options.contentDir, {
      baseUrl: options.baseUrl,
      analyses: new KnownAnalyses(state.analyses),
      threads: options.threads,
      progress: options.progress,
      reader,
    });
    // The search index, started as soon as it can be made: on the core the analysis leaves idle while this thread renders the site, rather than last, alone.
    const headStarts = new Map<string, Promise<FileContent>>();
    const { files } = await outputsOf(corpus, {
      progress: options.progress,
      headStart: (file, output) => headStart(headStarts, file, output),
    });
    // Counted now: from here on nothing here holds the corpus or the outputs, which the write lets go as it goes.
    const counts = countsOf(corpus);
    return summarize(
      counts,
      await writeDistSwapped(options.outDir, files, {
        progress: options.progress,
        threads: options.threads,
        headStarts,
      }),
      started,
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Builds again and again into one dist/, each time writing only what changed. */
export interface Builder {
  build(): Promise<BuildSummary>;
  /**
   * Writes at once the files built from each edited or new record alone (page, twin, JSON
   * document), deletes those of deleted records and, when records came or went, writes the
   * API's rewrite rules: when `changed` (paths under the content folder) are such changes
   * of the collections, without problems (edit-records.ts). Returns the files written and
   * deleted, or undefined when only a whole build can take the change. A whole build must
   * follow: it brings everything else in line (lists, search, the llms files, other
   * records' links to a new title). Only a long-lived builder keeps what it needs for this.
   */
  writeEditedRecords(changed: readonly string[]): string[] | undefined;
}

export interface BuilderOptions extends BuildOptions {
  cacheDir: string;
  /** For a process that builds again and again (npm run dev): dist/ is taken to hold what this process last wrote there. */
  longLived?: boolean;
}

export function createBuilder(options: BuilderOptions): Builder {
  /** The first build's time counts from here: opening dist/ may link its files back (dist-links.ts). */
  let openedAt: number | undefined = performance.now();
  const state = openBuildState(options.cacheDir, options.outDir);
  const analyses = new KnownAnalyses(state.analyses);
  const states = state.fileStates<FileState>();
  const ahead = new WriteAhead();
  const dist = new DistState(options.outDir, state.dist, {
    trusted: options.longLived,
    links: state.dist.links,
    ahead,
  });
  /** What the last build kept of its records, read once and then kept here. */
  let lastRecords: KeptRecords | undefined;
  /** Loaded by the first build that has work; a builder that wrote ahead has built before. */
  let stages: BuildStages | undefined;
  return {
    async build() {
      const started = openedAt ?? performance.now();
      openedAt = undefined;
      dist.begin();
      ahead.buildBegins();
      const reader = contentReader({ states });
      limitHeapGrowth((await reader.list(options.contentDir)).length);
      // A build that would write nothing is known before the content is analyzed: from the files' states, and the few files they do not vouch for read (npm run dev builds on a change, and keeps the corpus for the next).
      const known = options.longLived
        ? undefined
        : await knownInputs(options.contentDir, options.baseUrl, reader);
      const current = await currentDist(dist, known);
      if (current) {
        reader.saveStates();
        return summarize(current, current, started);
      }
      lastRecords ??= readKeptRecords(state.records);
      const { loadContent, outputsOf } = (stages ??= await loadStages());
      let corpus: Corpus | undefined = await loadContent(options.contentDir, {
        baseUrl: options.baseUrl,
        analyses,
        threads: options.threads,
        progress: options.progress,
        reader,
      }).catch((error: unknown) => {
        ahead.failed();
        throw error;
      });
      const { files, carried, removed, records } = await outputsOf(corpus, {
        progress: options.progress,
        headStart: dist.prepare,
        lastRecords,
      });
      const counts = countsOf(corpus);
      // Only a process that writes edited records ahead needs the corpus after the write. Let go, it goes as the write lets each output go.
      if (!options.longLived) corpus = undefined;
      // The inputs as hashed before the analysis, when they were: the same reader gave the analysis the same digests.
      const inputs = known ?? (await buildInputs(options.contentDir, options.baseUrl, reader));
      const written = await dist.write(files, inputs, {
        progress: options.progress,
        threads: options.threads,
        carried,
        carriedFrom: lastRecords?.write,
        removed,
        counts: counts.records,
      });
      reader.saveStates();
      lastRecords = writeKeptRecords(
        state.records,
        { ...records, write: dist.lastWrite },
        lastRecords,
      );
      ahead.built(corpus);
      return summarize(counts, written, started);
    },

    writeEditedRecords(changed) {
      const built = ahead.corpus;
      const edit = built && stages?.editedRecordFiles(built, options.contentDir, changed, analyses);
      if (!edit) return undefined;
      ahead.wroteFrom(edit.corpus);
      return [...dist.removeSome(edit.gone), ...dist.writeSome(edit.files)];
    },
  };
}

/**
 * The inputs (load/build-inputs.ts) the cached build of `outDir` last finished writing
 * from, and the file that names them: a server compares them before it builds
 * (server/ensure-build.ts), and follows the file to see a build end (server/follow-builds.ts).
 * Names no inputs while a cached build writes.
 */
export function builtInputsOf(
  outDir: string,
  cacheDir = DEFAULT_CACHE_DIR,
): { file: string; inputs(): string | undefined } {
  const { header, headerFile } = openBuildState(cacheDir, outDir).dist;
  return { file: headerFile, inputs: () => readManifest(header, path.resolve(outDir))?.inputs };
}

/** Whether `outDir` holds what a cached build of `contentDir` would write now; a content file its last build read and left as it was is not read again. */
export async function builtFromNow(
  contentDir: string,
  outDir: string,
  baseUrl: string | undefined,
  cacheDir = DEFAULT_CACHE_DIR,
): Promise<boolean> {
  const built = builtInputsOf(outDir, cacheDir).inputs();
  if (built === undefined) return false;
  const states = openBuildState(cacheDir, outDir).fileStates<FileState>();
  return built === (await buildInputs(contentDir, baseUrl, contentReader({ states })));
}

type Counts = Pick<BuildSummary, 'records'>;

/** What a build from `inputs` would report, when dist/ already holds what it writes (DistState.current). */
async function currentDist(
  dist: DistState,
  inputs: string | undefined,
): Promise<(Counts & WriteSummary) | undefined> {
  const current = inputs === undefined ? undefined : await dist.current(inputs);
  if (!current) return undefined;
  const { counts, ...written } = current;
  // Counted by a build of this generator (the inputs name it), as countsOf counts.
  return { records: counts as Counts['records'], ...written };
}

const countsOf = (corpus: Corpus): Counts => ({
  records: byCollection((key) => corpus.records[key].length),
});

function summarize(counts: Counts, written: WriteSummary, started: number): BuildSummary {
  return {
    ...counts,
    ...written,
    milliseconds: Math.round(performance.now() - started),
  };
}
