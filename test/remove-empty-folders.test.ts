import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeEmptyFolders } from '../generator/write/remove-empty-folders.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

describe('removing the folders deleted files leave empty', () => {
  it('removes each emptied folder up to the root, keeps those with entries, and takes folders already gone', async () => {
    const root = await temporaryDirectory('empty-folders-');
    const file = (...parts: string[]) => path.join(root, ...parts);
    for (const name of ['threats/a/index.html', 'threats/b/index.html', 'posts/c/index.html']) {
      await mkdir(path.dirname(file(name)), { recursive: true });
      await writeFile(file(name), name);
    }
    const deleted = [file('threats/a/index.html'), file('posts/c/index.html')];
    for (const name of deleted) await rm(name);
    // A record deleted ahead of the build took its folder already.
    await rm(file('posts/c'), { recursive: true });

    removeEmptyFolders(root, [...deleted, file('glossary/gone/index.html')]);

    expect(existsSync(file('threats/a'))).toBe(false);
    expect(existsSync(file('threats/b/index.html'))).toBe(true);
    expect(existsSync(file('posts'))).toBe(false);
    expect(existsSync(root)).toBe(true);
  });
});
