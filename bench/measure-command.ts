import { spawn } from 'node:child_process';
import { watchChildrenCpu } from './process-tree-cpu.ts';
import { watchPeakMemory } from './process-tree-memory.ts';

export interface CommandRun {
  milliseconds: number;
  /** Peak resident memory of the whole process tree, in bytes (undefined off Linux). */
  peakBytes: number | undefined;
  /** CPU time of the whole process tree, user and system, in milliseconds (undefined off Linux). */
  cpuMilliseconds: number | undefined;
  output: string;
}

/** Runs a command to its end, timing the wall clock from spawn to exit, process start included. Commands are measured one at a time: the CPU time counts every child that ends meanwhile. */
export function measureCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const cpu = watchChildrenCpu();
    const started = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env });
    const stopWatching = watchPeakMemory(child.pid!);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    // The child has been waited for by now, so its tree's CPU time is counted.
    child.once('exit', (code) => {
      const milliseconds = performance.now() - started;
      const peakBytes = stopWatching();
      const cpuMilliseconds = cpu();
      if (code !== 0)
        reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
      else resolve({ milliseconds, peakBytes, cpuMilliseconds, output });
    });
  });
}

/** `npm run build` with these arguments, run in the project at `cwd` as the content team's builds run, measured. */
export const measureNpmBuild = (cwd: string, args: string[]): Promise<CommandRun> =>
  measureCommand('npm', ['run', '-s', 'build', '--', ...args], { cwd });

/** Milliseconds as the bench prints them: seconds, to the hundredth. */
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
