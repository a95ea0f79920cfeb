import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createStaticSearch, MissingFile } from '../core/static-search.ts';

/**
 * The functions' search: the static index the build writes for the browser
 * (core/static-search-index.ts), read from the build's folder on disk, so that a build
 * writes one index and every host searches it by the same code. A query reads only the
 * files it needs: the header, again for every search, so that a rebuilt folder (the local
 * dev server's) is searched as soon as it is written; then its meta, term and document
 * files, each read once and kept by its name, which changes whenever its content does.
 */
export function staticSearchOnDisk(distDir: string) {
  return createStaticSearch(async (file) => {
    const onDisk = path.join(distDir, file);
    try {
      return JSON.parse(await readFile(onDisk, 'utf8')) as unknown;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // The engine reads the header again and retries once when a newer build removed a file.
      throw new MissingFile(
        `${onDisk} does not exist: a newer build replaced it, or no build wrote the search index there (npm run build writes it).`,
      );
    }
  });
}

/** The search over the static index on disk: `search(query, limit)` gives the best `limit` matches. */
export type StaticSearchOnDisk = ReturnType<typeof staticSearchOnDisk>;
