import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes a file whole or not at all: aside first, then renamed over the old one, so a
 * build reading it meanwhile (another process, one that stopped halfway) sees the old
 * file or the new one, never part of one.
 */
export function replaceFile(file: string, data: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}
