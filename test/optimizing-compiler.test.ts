import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const project = path.resolve(import.meta.dirname, '..');

/**
 * In a process of its own (the flag is the process's): whether a function run hot enough
 * for TurboFan got optimized code, as V8 tells (%GetOptimizationStatus, bit 4), after each
 * step. Each step warms a function of its own source (V8 keeps what it learned of a
 * source, optimizing or not, across functions made from it).
 */
async function optimizedAfter(steps: string[], nodeArgs: string[] = []): Promise<boolean[]> {
  const script = `
    const { forgoOptimizingCompiler, withOptimizingCompiler } = await import(${JSON.stringify(path.join(project, 'generator/parallel/optimizing-compiler.ts'))});
    const steps = { forgo: () => forgoOptimizingCompiler(10000), forgoLarge: () => forgoOptimizingCompiler(50000), restore: withOptimizingCompiler, none: () => {} };
    const answers = [];
    for (const [i, step] of ${JSON.stringify(steps)}.entries()) {
      steps[step]();
      const hot = new Function('x', \`return x * 2 + \${i};\`);
      let sum = 0;
      for (let i = 0; i < 3e6; i++) sum += hot(i);
      answers.push((%GetOptimizationStatus(hot) & 16) !== 0);
    }
    console.log(JSON.stringify(answers));`;
  const { stdout } = await run(
    process.execPath,
    [...nodeArgs, '--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: project },
  );
  return JSON.parse(stdout) as boolean[];
}

describe("V8's optimizing compiler for a small build", () => {
  it('is forgone, then taken back for work that wants it', async () => {
    expect(await optimizedAfter(['none', 'forgo', 'restore'])).toEqual([true, false, true]);
  });

  it('is kept for a build of many files, whose passes over every record repay it', async () => {
    expect(await optimizedAfter(['forgoLarge'])).toEqual([true]);
  });

  it('is left as whoever started the process set it', async () => {
    expect(await optimizedAfter(['forgo'], ['--turbofan'])).toEqual([true]);
  });
});
