import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mapBounded } from './map-bounded.ts';

/**
 * Writes the whole output next to the target and swaps it in, so a failed build never
 * leaves a half-written dist/ and readers never see a mix of two builds.
 */
export async function writeDist(outDir: string, files: Map<string, string | Uint8Array>): Promise<void> {
  const target = path.resolve(outDir);
  const staging = `${target}.staging-${process.pid}`;
  const retired = `${target}.retired-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    const dirs = new Set([...files.keys()].map((f) => path.dirname(path.join(staging, f))));
    for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
    await mapBounded([...files], 32, ([file, content]) => writeFile(path.join(staging, file), content));
    await rename(target, retired).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(staging, target);
    await rm(retired, { recursive: true, force: true });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
