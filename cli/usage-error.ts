/**
 * How a command reports a mistake in its command line: what is wrong and how to fix it,
 * then its usage, on standard error; the exit code is 2.
 */
export function usageErrors(usage: string): (problem: string) => number {
  return (problem) => {
    console.error(`${problem}\n\n${usage}`);
    return 2;
  };
}
