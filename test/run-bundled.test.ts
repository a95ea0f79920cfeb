import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const project = path.resolve(import.meta.dirname, '..');

describe('npm run build, bundled', () => {
  it("gives the build's output and exit status as the build gave them (npm run build)", async () => {
    const launcher = path.join(project, 'generator/run-bundled.mjs');
    const { stdout } = await run(process.execPath, [launcher, '--help'], {
      cwd: project,
    });
    expect(stdout).toMatch(/^Usage: npm run build -- /);
    const failed = await run(process.execPath, [launcher, '--bogus'], {
      cwd: project,
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toMatch(/Unknown option '--bogus'/);
  });
});
