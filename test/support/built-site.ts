import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { build, type BuildSummary } from '../../generator/build.ts';
import { temporaryDirectory } from './temporary-directory.ts';

export const REAL_CONTENT = path.resolve(import.meta.dirname, '../../content');

export interface BuiltSite {
  dir: string;
  summary: BuildSummary;
  read(file: string): Promise<string>;
  json<T = unknown>(file: string): Promise<T>;
  files(pattern?: string): Promise<string[]>;
}

/**
 * Builds a content folder into a fresh temporary dist/ and gives tests a way to read it; at
 * `baseUrl` when given, as `--base-url` does, else at the address of the content's site.yaml.
 */
export async function buildSite(contentDir = REAL_CONTENT, baseUrl?: string): Promise<BuiltSite> {
  const dir = path.join(await temporaryDirectory('dist-'), 'dist');
  const summary = await build({ contentDir, outDir: dir, baseUrl });
  const read = (file: string) => readFile(path.join(dir, file), 'utf8');
  return {
    dir,
    summary,
    read,
    json: async (file) => JSON.parse(await read(file)),
    files: (pattern = '**/*') => fg(pattern, { cwd: dir, dot: false }).then((f) => f.sort()),
  };
}
