import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import { loadContent } from './load-content.ts';
import { renderSite } from './render-site.ts';
import { buildInputs } from './build-inputs.ts';
import { contentReader } from './content-reader.ts';
import type { Progress } from './progress.ts';
import type { Output } from './outputs.ts';
import { openDist, writeDistSwapped, type WriteSummary } from './write-dist.ts';
import { NO_CACHE, openBuildCache, outputManifestFile } from './build-cache.ts';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  baseUrl?: string;
  /** Directory of the incremental build cache; without it every file is processed afresh. */
  cacheDir?: string;
  /** Threads that analyze content files; default every core. */
  threads?: number;
  progress?: Progress;
  /** For a process that builds again and again (npm run dev): take files whose size and modification time stayed as unchanged (content-reader.ts). */
  remember?: boolean;
}

export interface BuildSummary {
  records: Record<CollectionKey, number>;
  files: number;
  /** Size of dist/. */
  bytes: number;
  /** Files written and deleted: with a cache, only what changed since the last build. */
  written: number;
  deleted: number;
  milliseconds: number;
}

/** content/ -> dist/. Throws ContentError (every problem listed) before anything is written. */
export async function build(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const cache = options.cacheDir ? openBuildCache(options.cacheDir) : NO_CACHE;
  const reader = contentReader({ remember: options.remember });
  const corpus = await loadContent(options.contentDir, { baseUrl: options.baseUrl, cache, threads: options.threads, progress: options.progress, reader });
  let files: Map<string, Output>;
  let written: WriteSummary;
  if (options.cacheDir) {
    const dist = openDist(options.outDir, outputManifestFile(options.cacheDir, options.outDir));
    files = renderSite(corpus, options.progress);
    written = dist.write(files, buildInputs(options.contentDir, options.baseUrl, reader), { progress: options.progress });
  } else {
    files = renderSite(corpus, options.progress);
    written = await writeDistSwapped(options.outDir, files, { progress: options.progress });
  }
  return {
    records: Object.fromEntries(COLLECTION_KEYS.map((k) => [k, corpus.records[k].length])) as Record<CollectionKey, number>,
    files: files.size,
    ...written,
    milliseconds: Math.round(performance.now() - started),
  };
}
