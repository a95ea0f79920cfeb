import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * CPU time (user + system, every core) of the processes this one has waited for, from
 * /proc/self/stat: a command's whole tree, threads included, once it has exited, as its
 * parents wait for their own children. On a machine whose disk makes wall times swing by
 * a factor of two, it says how much work a build did. Linux only; elsewhere nothing
 * rather than a wrong figure.
 */
const ticksPerSecond = (() => {
  if (process.platform !== 'linux') return undefined;
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

function waitedForTicks(): number | undefined {
  if (ticksPerSecond === undefined) return undefined;
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // cutime and cstime are fields 16 and 17 of the whole line, 14 and 15 after the name.
  return Number(fields[13]) + Number(fields[14]);
}

/** Starts counting; the function returned gives the CPU milliseconds of children waited for since. */
export function watchChildrenCpu(): () => number | undefined {
  const before = waitedForTicks();
  return () => {
    const after = waitedForTicks();
    return before === undefined || after === undefined
      ? undefined
      : ((after - before) * 1000) / ticksPerSecond!;
  };
}
