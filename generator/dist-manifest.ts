import { readFileSync } from 'node:fs';
import { replaceFile } from './replace-file.ts';

/**
 * What dist/ holds, as the last in-place write left it: what it was built from, and per
 * file the key it was written under (a lazy output's signature, else a hash of the content),
 * its size, its modification time and, for a file of parts, each part's key and length in bytes.
 */
export interface Manifest {
  outDir: string;
  inputs?: string;
  /** The generator that wrote dist/ (generator-fingerprint.mjs): only its own files can be patched rather than made anew. */
  generator?: string;
  files: Record<string, ManifestEntry>;
}

export type ManifestEntry = [key: string, size: number, mtimeMs: number, parts?: [key: string, bytes: number][]];

/** The manifest of `outDir`, if this file holds one (a cache may serve several output folders, each with its own file). */
export function readManifest(file: string, outDir: string): Manifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    return manifest.outDir === outDir ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** Replaces the manifest whole. */
export const writeManifest = (file: string, manifest: Manifest): void => replaceFile(file, JSON.stringify(manifest));
