import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkOutBaseline } from '../bench/baseline-checkout.ts';

/**
 * `npm run bench -- --against <commit>` times the cached builds against another version of
 * the code, checked out beside the project: the checkout must be that commit's, run on the
 * dependencies it locks, keep its generator's cache apart from the project's, and leave
 * no worktree behind.
 */
const PROJECT = path.resolve(import.meta.dirname, '..');
const worktrees = () =>
  execFileSync('git', ['worktree', 'list', '--porcelain'], { cwd: PROJECT, encoding: 'utf8' });

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'baseline-checkout-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

it('checks out a commit beside the project with its dependencies, and removes it', async () => {
  const dir = path.join(work, 'head');
  const baseline = await checkOutBaseline(PROJECT, 'HEAD', dir);
  // As git lists it: the folder's real path, which it no longer has once removed.
  const listed = `worktree ${realpathSync(dir)}`;
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: PROJECT,
      encoding: 'utf8',
    }).trim();
    expect(baseline.description).toMatch(new RegExp(`^${head} \\(\\d{4}-\\d{2}-\\d{2}\\)$`));
    expect(await readFile(path.join(dir, 'generator', 'build.ts'), 'utf8')).toBe(
      await readFile(path.join(PROJECT, 'generator', 'build.ts'), 'utf8'),
    );
    // The same lockfile: the project's packages, linked, so the checkout runs them.
    const esbuild = path.join(dir, 'node_modules', 'esbuild');
    expect(lstatSync(esbuild).isSymbolicLink()).toBe(true);
    expect(realpathSync(esbuild)).toBe(realpathSync(path.join(PROJECT, 'node_modules', 'esbuild')));
    // Its own cache: the two versions' generator bundles never replace each other's.
    expect(existsSync(path.join(dir, 'node_modules', '.cache'))).toBe(false);
    expect(worktrees()).toContain(listed);
  } finally {
    baseline.remove();
  }
  expect(existsSync(dir)).toBe(false);
  expect(worktrees()).not.toContain(listed);
});

it('says what to give when the ref names no commit', async () => {
  await expect(
    checkOutBaseline(PROJECT, 'no-such-ref-anywhere', path.join(work, 'none')),
  ).rejects.toThrow(/not a commit of this repository/);
  expect(existsSync(path.join(work, 'none'))).toBe(false);
});
