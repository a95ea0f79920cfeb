import { hash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { replaceFile } from '../../core/replace-file.ts';
import { generatorFingerprint, PROJECT_DIR } from '../model/generator.ts';

/** What scripts name the engine by in their sources; the published scripts name searchEnginePath(). */
export const SEARCH_ENGINE_REFERENCE = '/assets/search-engine.js';

/**
 * Where the engine is kept once bundled, one file per generator: the fingerprint covers
 * every file it is bundled from (core/, and the lockfile, which fixes esbuild's version).
 */
const KEPT_DIR = path.join(PROJECT_DIR, 'node_modules', '.cache', 'search-engine');

interface SearchEngine {
  text: string;
  path: string;
}

/** Made once per thread, at the first page that names the engine. */
let engine: SearchEngine | undefined;

/**
 * The static index's search for the browser (core/browser-search.ts, with the rules it
 * shares with the search function): one ES module of the project's own code, published
 * under a name with a hash of its bytes, as the other scripts are (asset-names.ts). A
 * change to the generator that leaves the engine as it was leaves its name, and so every
 * page that loads it, byte for byte as it was: a deploy uploads and a mirror fetches only
 * what changed.
 *
 * esbuild is started once per generator, not once per build: its bundle is kept under the
 * fingerprint and read back. A kept bundle that cannot be written (node_modules/ read-only)
 * is made again by the next build.
 */
function searchEngine(): SearchEngine {
  if (engine) return engine;
  const name = `${generatorFingerprint().slice(0, 16)}.js`;
  const kept = path.join(KEPT_DIR, name);
  let text: string;
  try {
    text = readFileSync(kept, 'utf8');
  } catch {
    text = bundle();
    keep(name, text);
  }
  engine = { text, path: `/assets/search-engine.${hash('sha256', text, 'hex').slice(0, 8)}.js` };
  return engine;
}

/** The engine's bytes, as published. */
export const searchEngineBundle = (): string => searchEngine().text;

/** The URL path pages load the engine from: the name with eight hex digits of its SHA-256. */
export const searchEnginePath = (): string => searchEngine().path;

/**
 * esbuild, loaded only to bundle the engine: once per generator, so every other build, and
 * every thread that renders pages, starts without loading it.
 */
const loadEsbuild = (): typeof import('esbuild') =>
  createRequire(import.meta.url)('esbuild') as typeof import('esbuild');

function bundle(): string {
  const { outputFiles } = loadEsbuild().buildSync({
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

/**
 * Keeps the bundle under its generator's name and lets those of other generators go (not
 * a file another build is writing aside meanwhile, which is named for the file it replaces).
 */
function keep(name: string, text: string): void {
  try {
    for (const other of readdirSync(KEPT_DIR))
      if (other.endsWith('.js') && other !== name)
        rmSync(path.join(KEPT_DIR, other), { force: true });
  } catch {
    // No folder yet: nothing to let go.
  }
  try {
    replaceFile(path.join(KEPT_DIR, name), text);
  } catch {
    // Kept only to spare the next build esbuild's start: this build has the text it needs.
  }
}
