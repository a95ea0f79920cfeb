import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { generatorFingerprint } from './build-cache.ts';

/**
 * One hash of everything a build's output depends on: every file of the content folder
 * (its path and its bytes, so an edit, a deletion or a rename all change it), the
 * generator itself and the base URL. Equal hashes mean the output would be the same, so
 * `npm start` need not build; modification times would miss deletions and renames.
 */
const remembered = new Map<string, { size: number; mtimeMs: number; digest: Buffer }>();

export function buildInputs(contentDir: string, baseUrl: string | undefined, { remember = false }: { remember?: boolean } = {}): string {
  const hash = createHash('sha256').update(generatorFingerprint()).update('\0').update(baseUrl ?? '');
  for (const file of fg.sync('**/*', { cwd: contentDir, dot: true }).sort()) {
    hash.update('\0').update(file).update('\0').update(digestOf(path.join(contentDir, file), remember));
  }
  return hash.digest('hex');
}

/** A file's content hash; in a process that builds again and again, not read again while its size and modification time stay. */
function digestOf(file: string, remember: boolean): Buffer {
  if (!remember) return createHash('sha256').update(readFileSync(file)).digest();
  const info = statSync(file);
  const known = remembered.get(file);
  if (known && known.size === info.size && known.mtimeMs === info.mtimeMs) return known.digest;
  const digest = createHash('sha256').update(readFileSync(file)).digest();
  remembered.set(file, { size: info.size, mtimeMs: info.mtimeMs, digest });
  return digest;
}
