import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cleanBuildNodeArgs } from '../generator/clean-build-node-args.mjs';

const run = promisify(execFile);
const project = path.resolve(import.meta.dirname, '..');

describe("a clean build's V8 settings", () => {
  it('starts a clean build again with one collector per thread, keeping the given Node arguments, and only once', () => {
    expect(
      cleanBuildNodeArgs(['--enable-source-maps'], ['--content', 'content', '--no-cache']),
    ).toEqual(['--enable-source-maps', '--single-threaded-gc']);
    expect(cleanBuildNodeArgs(['--single-threaded-gc'], ['--no-cache'])).toBeUndefined();
  });

  it("leaves a cached build's settings as they are", () => {
    expect(cleanBuildNodeArgs([], ['--content', 'content'])).toBeUndefined();
    expect(cleanBuildNodeArgs([], ['--cache-dir', 'no-cache'])).toBeUndefined();
  });

  it("gives the build's output and exit status as the build gave them (npm run build)", async () => {
    const launcher = path.join(project, 'generator/run-bundled.mjs');
    const { stdout } = await run(process.execPath, [launcher, '--no-cache', '--help'], {
      cwd: project,
    });
    expect(stdout).toMatch(/^Usage: npm run build -- /);
    const failed = await run(process.execPath, [launcher, '--no-cache', '--bogus'], {
      cwd: project,
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toMatch(/Unknown option '--bogus'/);
  });
});
