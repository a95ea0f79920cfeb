import { stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { build } from '../generator/build.ts';
import { DEFAULT_CACHE_DIR } from '../generator/build-cache.ts';
import { ContentError } from '../generator/problems.ts';
import type { ServerSettings } from './settings.ts';

/** Newest modification time among the files that determine dist/ (content and the generator itself). */
async function newestSource(projectDir: string, contentDir: string): Promise<number> {
  const sources = [
    ...(await fg('**/*', { cwd: contentDir, absolute: true })),
    ...(await fg(['generator/**/*', 'core/**/*'], { cwd: projectDir, absolute: true })),
  ];
  const times = await Promise.all(sources.map((f) => stat(f).then((s) => s.mtimeMs)));
  return Math.max(0, ...times);
}

/** Builds dist/ when it is missing or older than what it is built from; says which it did. */
export async function ensureBuild(projectDir: string, contentDir: string, outDir: string): Promise<'built' | 'fresh'> {
  const marker = await stat(path.join(outDir, 'index.html')).catch(() => undefined);
  if (marker && marker.mtimeMs >= (await newestSource(projectDir, contentDir))) return 'fresh';
  const summary = await build({ contentDir, outDir, cacheDir: DEFAULT_CACHE_DIR });
  console.log(`Built ${outDir} (${summary.files} files) in ${summary.milliseconds} ms`);
  return 'built';
}

/** ensureBuild for a server about to start: invalid content is listed and the process exits 1. */
export async function buildOrExit({ projectDir, contentDir, distDir }: ServerSettings): Promise<void> {
  try {
    await ensureBuild(projectDir, contentDir, distDir);
  } catch (error) {
    if (error instanceof ContentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
