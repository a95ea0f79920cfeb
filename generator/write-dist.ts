import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mapBounded } from './map-bounded.ts';
import { NO_PROGRESS, type Progress } from './progress.ts';

export interface WriteOptions {
  /**
   * Where to remember what was written. With it, dist/ is updated in place: only files
   * whose content changed are written, files no build produces any more are deleted.
   * Without it, the whole output is written next to dist/ and swapped in.
   */
  manifestFile?: string;
  /** The hash of what the output was built from (build-inputs.ts), kept in the manifest. */
  inputs?: string;
  progress?: Progress;
}

export interface WriteSummary {
  written: number;
  deleted: number;
}

export async function writeDist(outDir: string, files: Map<string, string | Uint8Array>, options: WriteOptions = {}): Promise<WriteSummary> {
  const progress = options.progress ?? NO_PROGRESS;
  return options.manifestFile ? writeInPlace(path.resolve(outDir), files, options.manifestFile, options.inputs, progress) : writeSwapped(path.resolve(outDir), files, progress);
}

/** A clean write: a failed build never leaves a half-written dist/, and readers never see a mix of two builds. */
async function writeSwapped(target: string, files: Map<string, string | Uint8Array>, progress: Progress): Promise<WriteSummary> {
  const staging = `${target}.staging-${process.pid}`;
  const retired = `${target}.retired-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    const dirs = new Set([...files.keys()].map((f) => path.dirname(path.join(staging, f))));
    for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
    let done = 0;
    await mapBounded([...files], 32, async ([file, content]) => {
      await writeFile(path.join(staging, file), content);
      progress('write', ++done, files.size);
    });
    await rename(target, retired).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(staging, target);
    await rm(retired, { recursive: true, force: true });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { written: files.size, deleted: 0 };
}

/** What the last in-place write left in dist/: what it was built from, and per file its content hash, size and modification time. */
interface Manifest {
  outDir: string;
  inputs?: string;
  files: Record<string, [hash: string, size: number, mtimeMs: number]>;
}

function readManifest(file: string, outDir: string): Manifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    return manifest.outDir === outDir ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** The inputs hash of the last in-place write to outDir, if there was one. */
export function writtenFrom(manifestFile: string, outDir: string): string | undefined {
  return readManifest(manifestFile, path.resolve(outDir))?.inputs;
}

/**
 * Writes what changed, deletes what is stale. A file counts as unchanged only when its
 * content hash is the one last written and it still has the size and modification time
 * it was left with, so a file edited or removed by hand in dist/ is written again. Each
 * file is replaced atomically (written aside, then renamed). Synchronous file
 * calls, one after another, cost less per file than promises through libuv's thread
 * pool, and a build writes tens of thousands of small files.
 */
async function writeInPlace(outDir: string, files: Map<string, string | Uint8Array>, manifestFile: string, inputs: string | undefined, progress: Progress): Promise<WriteSummary> {
  const previous = readManifest(manifestFile, outDir)?.files ?? {};
  mkdirSync(outDir, { recursive: true });
  const next: Manifest['files'] = {};
  const made = new Set<string>();
  let written = 0;
  let done = 0;
  for (const [file, content] of files) {
    progress('write', done++, files.size);
    const hash = createHash('sha1').update(content).digest('base64url');
    const target = path.join(outDir, file);
    const known = previous[file];
    if (known && known[0] === hash) {
      const info = statSync(target, { throwIfNoEntry: false });
      if (info && info.size === known[1] && info.mtimeMs === known[2]) {
        next[file] = known;
        continue;
      }
    }
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    const temporary = `${target}.${randomUUID()}.tmp`;
    writeFileSync(temporary, content);
    renameSync(temporary, target);
    const info = statSync(target);
    next[file] = [hash, info.size, info.mtimeMs];
    written++;
  }
  // Anything else in dist/ goes, whoever put it there, so dist/ is exactly what a clean build writes.
  let deleted = 0;
  const entries = readdirSync(outDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    if (!entry.isDirectory() && !files.has(path.relative(outDir, full).split(path.sep).join('/'))) {
      rmSync(full, { force: true });
      deleted++;
    }
  }
  if (deleted) {
    // Folders left empty (a deleted record's page folder), deepest first.
    const dirs = entries.filter((e) => e.isDirectory()).map((e) => path.join(e.parentPath, e.name));
    for (const dir of dirs.sort((a, b) => b.length - a.length)) {
      if (readdirSync(dir).length === 0) rmdirSync(dir);
    }
  }
  mkdirSync(path.dirname(manifestFile), { recursive: true });
  const temporary = `${manifestFile}.${randomUUID()}.tmp`;
  writeFileSync(temporary, JSON.stringify({ outDir, inputs, files: next } satisfies Manifest));
  renameSync(temporary, manifestFile);
  return { written, deleted };
}
