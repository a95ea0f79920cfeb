import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generatorFingerprint } from '../generator/model/generator-fingerprint.mjs';

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

  it('loads esbuild only where it bundles: no chunk imports it as it loads', async () => {
    await run(process.execPath, [path.join(project, 'generator/run-bundled.mjs'), '--help'], {
      cwd: project,
    });
    const dir = path.join(
      project,
      'node_modules/.cache/generator-bundle',
      generatorFingerprint(project).slice(0, 16),
    );
    const chunks = await Promise.all(
      (await readdir(dir)).map(async (name) => [
        name,
        await readFile(path.join(dir, name), 'utf8'),
      ]),
    );
    const importing = chunks.filter(([, text]) =>
      /\bfrom\s*["']esbuild["']|\bimport\s*\(\s*["']esbuild["']\s*\)/.test(text!),
    );
    expect(importing.map(([name]) => name)).toEqual([]);
    // It is loaded on demand, by the module that bundles the browser's search engine.
    expect(chunks.some(([, text]) => text!.includes('("esbuild")'))).toBe(true);
  });
});
