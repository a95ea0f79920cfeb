import { mkdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDist, foldersOf } from '../generator/write/dist-check.ts';
import type { FolderState, ManifestEntry } from '../generator/write/dist-manifest.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/** A dist/ of a few files, as a write left it an hour ago: its manifest and its folders as recorded then. */
async function writtenDist() {
  const root = await temporaryDirectory('dist-check-');
  // Enough folders that reading a few of them is worth it rather than walking dist/ (a quarter at most).
  const records = Array.from({ length: 20 }, (_, i) => `glossary/term-${i}/index.html`);
  const files = [
    'index.html',
    'threats/index.html',
    'threats/a/index.html',
    'threats/b/index.html',
    'api/v1/threats/a.json',
    ...records,
  ];
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const file of files) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), file);
    await utimes(path.join(root, file), hourAgo, hourAgo);
  }
  const listed = new Map<string, ManifestEntry>();
  for (const file of files) {
    const info = await stat(path.join(root, file));
    listed.set(file, { key: 'key', size: info.size, mtimeMs: info.mtimeMs });
  }
  const folders = new Map<string, FolderState>();
  for (const folder of [...foldersOf(files)].sort((a, b) => b.length - a.length)) {
    await utimes(path.join(root, folder), hourAgo, hourAgo);
    folders.set(folder, {
      mtimeMs: (await stat(path.join(root, folder))).mtimeMs,
      recordedAt: Date.now(),
    });
  }
  return { root, listed, folders };
}

describe('checking dist/ against its manifest', () => {
  it('reads no folder whose time is as recorded, and finds nothing when nothing changed', async () => {
    const { root, listed, folders } = await writtenDist();
    expect(checkDist(root, listed, folders)).toEqual({
      altered: [],
      missing: [],
      unlisted: [],
      read: [],
    });
  });

  it('finds files put in a known folder, in a new folder and in the root, and files edited or removed', async () => {
    const { root, listed, folders } = await writtenDist();
    await writeFile(path.join(root, 'threats', 'stray.txt'), 'left behind');
    await mkdir(path.join(root, 'threats', 'c', 'deep'), { recursive: true });
    await writeFile(path.join(root, 'threats', 'c', 'deep', 'index.html'), 'by hand');
    await writeFile(path.join(root, 'stray.txt'), 'left behind');
    await writeFile(path.join(root, 'threats', 'a', 'index.html'), 'edited by hand');
    await rm(path.join(root, 'api', 'v1', 'threats', 'a.json'));
    const check = checkDist(root, listed, folders);
    expect(check.unlisted.sort()).toEqual([
      'stray.txt',
      'threats/c/deep/index.html',
      'threats/stray.txt',
    ]);
    expect(check.altered.sort()).toEqual(['api/v1/threats/a.json', 'threats/a/index.html']);
    expect(check.missing).toEqual(['api/v1/threats/a.json']);
    // Read: the folders whose time changed, and no other.
    expect(check.read.sort()).toEqual(['', 'api/v1/threats', 'threats']);
  });

  it('reads a folder recorded too soon after it changed, as its time could change again unseen', async () => {
    const { root, listed, folders } = await writtenDist();
    const { mtimeMs } = folders.get('threats/b')!;
    folders.set('threats/b', { mtimeMs, recordedAt: mtimeMs + 1000 });
    await writeFile(path.join(root, 'threats', 'b', 'stray.txt'), 'left behind');
    // Put back as it was: only reading the folder finds the file.
    await utimes(path.join(root, 'threats', 'b'), new Date(mtimeMs), new Date(mtimeMs));
    const check = checkDist(root, listed, folders);
    expect(check.read).toEqual(['threats/b']);
    expect(check.unlisted).toEqual(['threats/b/stray.txt']);
  });

  it('walks all of dist/ when no folder is recorded or a quarter of them changed', async () => {
    const { root, listed, folders } = await writtenDist();
    await writeFile(path.join(root, 'threats', 'a', 'stray.txt'), 'left behind');
    expect(checkDist(root, listed).unlisted).toEqual(['threats/a/stray.txt']);
    for (let i = 0; i < 8; i++)
      await writeFile(path.join(root, 'glossary', `term-${i}`, 'stray.txt'), 'left behind');
    const walked = checkDist(root, listed, folders);
    expect(walked.read).toHaveLength(9);
    expect(walked.unlisted.sort()).toEqual(
      [
        ...Array.from({ length: 8 }, (_, i) => `glossary/term-${i}/stray.txt`),
        'threats/a/stray.txt',
      ].sort(),
    );
  });

  it('takes a folder gone as read, and its files as missing', async () => {
    const { root, listed, folders } = await writtenDist();
    await rm(path.join(root, 'threats', 'b'), { recursive: true });
    const check = checkDist(root, listed, folders);
    expect(check.missing).toEqual(['threats/b/index.html']);
    expect(check.unlisted).toEqual([]);
    expect(check.read.sort()).toEqual(['threats', 'threats/b']);
  });
});
