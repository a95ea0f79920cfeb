import type { KeyedStore } from '../model/stores.ts';
import type { FileMeta } from './analyze-file.ts';

/**
 * What load/ keeps of each content file's analysis for the next build, under the file's
 * source (analyze-files.ts): its fields and checks ("meta"), its body ("body"). The
 * build's state (cache/build-state.ts) keeps them in packs; a build that keeps nothing
 * holds them in memory.
 */
export interface AnalysisStore {
  /** The stored part of this source's analysis, if any. */
  lookup<T>(source: string, part: string): T | undefined;
  store(source: string, part: string, value: unknown): void;
  /** Stores a value already serialized as JSON, as it is. */
  storeJson(source: string, part: string, json: string): void;
  /** Writes what was stored since, so it no longer takes memory (a large build flushes as it analyzes). */
  flush(): void;
  /** Flushes, and forgets the analyses of any other sources than `live`, so the store does not grow with every edit. */
  save(live: ReadonlySet<string>): void;
  /** A keyed store kept beside the analyses (last-analyses.ts keeps one); undefined for a store no build comes back to. */
  log<Value>(name: string): KeyedStore<Value> | undefined;
}

/** Analyses held in memory, for one build that keeps nothing (tests, a single file analyzed apart). */
export function memoryAnalysisStore(): AnalysisStore {
  const entries = new Map<string, unknown>();
  return {
    lookup: <T>(source: string, part: string) => entries.get(`${source}:${part}`) as T | undefined,
    store: (source, part, value) => void entries.set(`${source}:${part}`, value),
    storeJson: (source, part, json) => void entries.set(`${source}:${part}`, JSON.parse(json)),
    flush: () => undefined,
    save: () => undefined,
    log: () => undefined,
  };
}

/**
 * The analyses one process knows: the store, and the fields of every file analyzed or read
 * from it, by source, for as long as the process builds with it (npm run dev reads none
 * twice). Only the files of the last analysis are kept, and those analyzed ahead of the
 * next.
 */
export class KnownAnalyses {
  readonly metas = new Map<string, FileMeta>();
  /**
   * Sources analyzed ahead (analyzeNow, npm run dev) while an analysis runs: that analysis
   * read their files before they changed, so it must not let their fields go.
   */
  pinned: Set<string> | undefined;

  constructor(readonly store: AnalysisStore = memoryAnalysisStore()) {}
}
