import type { AnalysisStore } from '../model/stores.ts';
import type { FileMeta } from './analyze-file.ts';

export type { AnalysisStore };

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
