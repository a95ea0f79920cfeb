import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';

/**
 * Results of per-file work (parsing and checking a content file, rendering a page),
 * stored under a hash of their inputs and of the generator itself: a build after a
 * one-file change recomputes that file and the pages whose inputs changed, nothing else.
 * Any change to the generator, the shared definitions or the dependencies starts afresh.
 */
export interface BuildCache {
  /** `key` is called only when there is a cache: serializing the inputs is a cost of its own. */
  remember<T>(key: () => string[], compute: () => T): T;
  /** The stored result for these inputs, if any. */
  lookup<T>(key: string[]): T | undefined;
  store(key: string[], value: unknown): void;
}

export const NO_CACHE: BuildCache = { remember: (_key, compute) => compute(), lookup: () => undefined, store: () => undefined };

const PROJECT = path.resolve(import.meta.dirname, '..');

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
    remember<T>(parts: () => string[], compute: () => T): T {
      const key = parts();
      const found = cache.lookup<T>(key);
      if (found !== undefined) return found;
      const value = compute();
      cache.store(key, value);
      return value;
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
