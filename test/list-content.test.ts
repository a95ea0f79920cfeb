import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isHidden, listContent } from '../generator/load/list-content.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

describe('listing the content folder', () => {
  it('lists every file, dot files and linked files and folders included, sorted, and ends on a link back up', async () => {
    const root = await temporaryDirectory('list-');
    const dir = path.join(root, 'content');
    const elsewhere = path.join(root, 'elsewhere');
    await mkdir(path.join(dir, 'threats', 'drafts'), { recursive: true });
    await mkdir(path.join(dir, '.git'), { recursive: true });
    await mkdir(elsewhere);
    for (const file of [
      'site.yaml',
      'threats/b.md',
      'threats/a.md',
      'threats/drafts/c.md',
      '.git/HEAD',
      'threats/.DS_Store',
    ])
      await writeFile(path.join(dir, file), file);
    await writeFile(path.join(elsewhere, 'linked.md'), 'linked');
    await symlink(path.join(elsewhere, 'linked.md'), path.join(dir, 'threats', 'link.md'));
    await symlink(elsewhere, path.join(dir, 'posts'));
    await symlink(dir, path.join(dir, 'threats', 'up'));
    await symlink(path.join(root, 'missing.md'), path.join(dir, 'threats', 'broken.md'));

    const files = await listContent(`${dir}${path.sep}`);
    expect(files).toEqual([
      '.git/HEAD',
      'posts/linked.md',
      'site.yaml',
      'threats/.DS_Store',
      'threats/a.md',
      'threats/b.md',
      'threats/drafts/c.md',
      'threats/link.md',
    ]);
    expect(files.filter((f) => !isHidden(f))).toEqual([
      'posts/linked.md',
      'site.yaml',
      'threats/a.md',
      'threats/b.md',
      'threats/drafts/c.md',
      'threats/link.md',
    ]);
  });
});
