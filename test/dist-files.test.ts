import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DistFiles } from '../generator/write/dist-files.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

const second = (mtimeMs: number) => Math.floor(mtimeMs / 1000);

describe('files written into dist/', () => {
  it('take a later second than the file they replace, so an ETag of time and size tells them apart', async () => {
    const root = await temporaryDirectory('dist-files-');
    const files = new DistFiles(root, undefined, { changing: () => {}, placed: () => {} });
    files.begin();
    const file = 'api/v1/manifest.json';
    const first = files.writeOne(file, '{"version":"aaaa"}\n', 'one');
    // The same size, written at once: only the time can tell the two apart.
    const replaced = files.writeOne(file, '{"version":"bbbb"}\n', 'two', first);
    expect(replaced.size).toBe(first.size);
    expect(second(replaced.mtimeMs)).toBeGreaterThan(second(first.mtimeMs));
    expect(statSync(path.join(root, file)).mtimeMs).toBe(replaced.mtimeMs);
    // A file dist/ did not hold keeps the time it was written at.
    const fresh = files.writeOne('api/v1.json', '{}\n', 'three');
    expect(Math.abs(fresh.mtimeMs - Date.now())).toBeLessThan(5_000);
  });
});
