import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { PROJECT_DIR as PROJECT } from './project-dir.ts';

/**
 * Results of per-file work (a content file's fields and checks, its body), stored under a
 * hash of their inputs and of the generator itself: a build after a one-file change
 * analyzes that file again and nothing else. Any change to the generator, the shared
 * definitions or the dependencies starts afresh. (Outputs are not cached here: dist/
 * itself holds them, see outputs.ts and write-dist.ts.)
 */
export interface BuildCache {
  /** The stored result for these inputs, if any. */
  lookup<T>(key: string[]): T | undefined;
  store(key: string[], value: unknown): void;
}

export const NO_CACHE: BuildCache = { lookup: () => undefined, store: () => undefined };

let fingerprint: string | undefined;

/** A hash of the generator's sources, the shared definitions and the lockfile: what every cached result also depends on. */
export function generatorFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256');
  const files = fg.sync(['generator/**/*', 'core/**/*', 'package-lock.json'], { cwd: PROJECT }).sort();
  for (const file of files) hash.update(file).update('\0').update(readFileSync(path.join(PROJECT, file))).update('\0');
  return (fingerprint = hash.digest('hex'));
}

export function openBuildCache(dir: string): BuildCache {
  const fingerprint = generatorFingerprint();
  const fileOf = (parts: string[]) => {
    const hash = createHash('sha256').update(fingerprint);
    for (const part of parts) hash.update('\0').update(part);
    const key = hash.digest('hex');
    return path.join(dir, key.slice(0, 2), `${key}.json`);
  };
  const cache: BuildCache = {
    lookup<T>(parts: string[]): T | undefined {
      try {
        return JSON.parse(readFileSync(fileOf(parts), 'utf8')) as T;
      } catch {
        return undefined;
      }
    },
    store(parts, value) {
      const file = fileOf(parts);
      mkdirSync(path.dirname(file), { recursive: true });
      // Written whole and renamed, so a concurrent or interrupted build never reads half an entry.
      const temporary = `${file}.${randomUUID()}.tmp`;
      writeFileSync(temporary, JSON.stringify(value));
      renameSync(temporary, file);
    },
  };
  return cache;
}

/** Where a cached build remembers what it left in an output folder (see write-dist.ts). */
export function outputManifestFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, 'outputs', `${createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16)}.json`);
}

/** Where `npm run build` and `npm start` keep the cache unless told otherwise. */
export const DEFAULT_CACHE_DIR = path.join(PROJECT, 'node_modules', '.cache', 'content-build');
