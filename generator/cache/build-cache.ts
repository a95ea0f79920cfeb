import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openCachePack } from './cache-pack.ts';
import type { AnalysisStore } from '../model/stores.ts';
import { type KeyedLog, openKeyedLog } from './keyed-log.ts';
import { generatorFingerprint } from '../model/generator.ts';

/**
 * Results of per-file work (a content file's fields and checks, its body), stored under
 * the file's source and read back by the next build: a build after a one-file change
 * analyzes that file again and nothing else. Any change to the generator, the shared
 * definitions or the dependencies starts afresh. Outputs are not cached here: dist/
 * itself holds them (write/dist-state.ts). Entries are kept in packs (cache-pack.ts), not
 * a file each.
 */
export type BuildCache = AnalysisStore;

/**
 * Every build reads every file's fields and checks ("meta"), but the bodies only of the
 * pages it renders: the two are kept in packs of their own, the fields read whole at once.
 */
const FIELDS = 'meta';

/** This generator's own folder of the cache: any other generator's is removed at the next save. */
const generationHome = (dir: string) =>
  path.join(dir, 'analyses', generatorFingerprint().slice(0, 16));

export interface BuildCacheOptions {
  /**
   * Whether builds come back to this cache, so its logs are worth keeping (`log`). Not for
   * a cache that one build uses and throws away (--no-cache): keeping them costs that build
   * time on its main thread for nothing.
   */
  keepLogs?: boolean;
}

export function openBuildCache(
  dir: string,
  { keepLogs = true }: BuildCacheOptions = {},
): BuildCache {
  const home = generationHome(dir);
  const fields = openCachePack(home, 'fields', { readWhole: true });
  const bodies = openCachePack(home, 'bodies');
  const packOf = (part: string) => (part === FIELDS ? fields : bodies);
  const storeJson = (source: string, part: string, json: string) =>
    packOf(part).add(`${source}:${part}`, json);
  const logs = new Map<string, KeyedLog<unknown>>();
  return {
    lookup<T>(source: string, part: string): T | undefined {
      const json = packOf(part).read(`${source}:${part}`);
      if (json === undefined) return undefined;
      try {
        return JSON.parse(json) as T;
      } catch {
        return undefined;
      }
    },

    store: (source, part, value) => storeJson(source, part, JSON.stringify(value)),

    storeJson,

    flush() {
      fields.flush();
      bodies.flush();
    },

    save(live) {
      const isLive = (key: string) => live.has(key.slice(0, key.lastIndexOf(':')));
      fields.save(isLive, live.size);
      bodies.save(isLive, live.size);
      removeOtherGenerations(path.dirname(home), path.basename(home));
    },

    log<Value>(name: string) {
      if (!keepLogs) return undefined;
      let log = logs.get(name);
      if (!log) logs.set(name, (log = openKeyedLog(path.join(home, `${name}.log`))));
      return log as KeyedLog<Value>;
    },
  };
}

/** Caches of earlier versions of the generator can never be read again. */
function removeOtherGenerations(parent: string, current: string): void {
  for (const name of readdirSync(parent))
    if (name !== current) rmSync(path.join(parent, name), { recursive: true, force: true });
}
