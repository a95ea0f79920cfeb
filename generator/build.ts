import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import { loadContent } from './load-content.ts';
import { renderSite } from './render-site.ts';
import { writeDist } from './write-dist.ts';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  baseUrl?: string;
}

export interface BuildSummary {
  records: Record<CollectionKey, number>;
  files: number;
  bytes: number;
  milliseconds: number;
}

/** content/ -> dist/. Throws ContentError (every problem listed) before anything is written. */
export async function build(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const corpus = await loadContent(options.contentDir, { baseUrl: options.baseUrl });
  const files = renderSite(corpus);
  await writeDist(options.outDir, files);
  let bytes = 0;
  for (const content of files.values()) bytes += Buffer.byteLength(content);
  return {
    records: Object.fromEntries(COLLECTION_KEYS.map((k) => [k, corpus.records[k].length])) as Record<CollectionKey, number>,
    files: files.size,
    bytes,
    milliseconds: Math.round(performance.now() - started),
  };
}
