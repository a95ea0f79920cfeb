import path from 'node:path';
import { buildSync } from 'esbuild';
import { generatorFingerprint, PROJECT_DIR } from '../model/generator.ts';

/**
 * The static index's search for the browser (core/browser-search.ts, with the rules it
 * shares with the search function), bundled by esbuild into one ES module of the
 * project's own code.
 * Named by the generator's fingerprint, which covers every file it is bundled from (core/,
 * the lockfile): pages can name it without bundling it, and a build bundles it only when
 * the file must be written.
 */
export const SEARCH_ENGINE_PATH = `/assets/search-engine.${generatorFingerprint().slice(0, 8)}.js`;

/** What scripts name the engine by in their sources; the published scripts name SEARCH_ENGINE_PATH. */
export const SEARCH_ENGINE_REFERENCE = '/assets/search-engine.js';

export function searchEngineBundle(): string {
  const { outputFiles } = buildSync({
    entryPoints: [path.join(PROJECT_DIR, 'core', 'browser-search.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return outputFiles[0]!.text;
}
