import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';

/** Another version of the project, checked out beside it to be timed against it. */
export interface BaselineCheckout {
  dir: string;
  /** The commit, as `git log` names it: its short hash and date. */
  description: string;
  remove(): void;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/**
 * Checks out `ref` of the project's repository into `dir` (a git worktree, so nothing of
 * the project's own checkout changes) with the dependencies it locks: the project's own,
 * linked package by package, when both lockfiles are the same; else installed there by
 * `npm ci`. Its `node_modules/.cache` is its own, so the two versions' generator bundles and
 * caches never replace each other's.
 */
export async function checkOutBaseline(
  project: string,
  ref: string,
  dir: string,
): Promise<BaselineCheckout> {
  let commit: string;
  try {
    commit = git(project, 'rev-parse', '--verify', `${ref}^{commit}`);
  } catch {
    throw new Error(
      `--against ${ref}: not a commit of this repository. Give a commit, tag or branch that git rev-parse knows.`,
    );
  }
  // A checkout a stopped bench left behind is forgotten first.
  git(project, 'worktree', 'prune');
  git(project, 'worktree', 'add', '--detach', dir, commit);
  const remove = () => {
    git(project, 'worktree', 'remove', '--force', dir);
  };
  try {
    const lockfile = (root: string) => readFile(path.join(root, 'package-lock.json'), 'utf8');
    if ((await lockfile(project)) === (await lockfile(dir))) {
      const ours = path.join(project, 'node_modules');
      await mkdir(path.join(dir, 'node_modules'));
      for (const entry of await readdir(ours))
        if (entry !== '.cache')
          await symlink(path.join(ours, entry), path.join(dir, 'node_modules', entry));
    } else {
      process.stderr.write(`${ref} locks other dependencies: npm ci in its checkout\n`);
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, description: git(project, 'log', '-1', '--format=%h (%as)', commit), remove };
}
