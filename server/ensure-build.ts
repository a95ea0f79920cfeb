import { existsSync } from 'node:fs';
import path from 'node:path';
import { build, builtFromNow, DEFAULT_CACHE_DIR } from '../generator/build.ts';
import { ContentError } from '../generator/model/problems.ts';
import type { ServerSettings } from './settings.ts';

/**
 * Builds dist/ unless it holds what the content and the generator build now (compared
 * by content, so an edit, a deletion or a rename is seen); says which it did. A file the
 * last build read and left as it was (the cache's file states, content-reader.ts) is not
 * read again.
 */
export async function ensureBuild(
  contentDir: string,
  outDir: string,
  baseUrl: string | undefined,
): Promise<'built' | 'fresh'> {
  if (
    existsSync(path.join(outDir, 'index.html')) &&
    (await builtFromNow(contentDir, outDir, baseUrl))
  )
    return 'fresh';
  const summary = await build({ contentDir, outDir, cacheDir: DEFAULT_CACHE_DIR, baseUrl });
  console.log(
    `Built ${outDir} (${summary.files} files, ${summary.written} written) in ${summary.milliseconds} ms`,
  );
  return 'built';
}

/** ensureBuild for a server about to serve the site at `baseUrl`: invalid content is listed and the process exits 1. */
export async function buildOrExit(
  { contentDir, distDir }: ServerSettings,
  baseUrl: string,
): Promise<void> {
  try {
    await ensureBuild(contentDir, distDir, baseUrl);
  } catch (error) {
    if (error instanceof ContentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
