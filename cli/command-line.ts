import { type ParseArgsConfig, parseArgs } from 'node:util';

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

type Options = NonNullable<ParseArgsConfig['options']>;
const HELP = { help: { type: 'boolean', short: 'h' } } as const;
type Parsed<T extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; options: T & typeof HELP }>
>;

/**
 * A command's arguments parsed with its options (and `--help`, `-h`), or, when the command
 * has nothing more to do, its exit code: 0 once `--help` printed the usage, 2 for a
 * command line it cannot parse (reported as `usageErrors` reports).
 */
export function parseCommandLine<T extends Options>(
  argv: string[],
  usage: string,
  options: T,
): Parsed<T> | number {
  let parsed: Parsed<T>;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { ...options, ...HELP } });
  } catch (error) {
    return usageErrors(usage)((error as Error).message);
  }
  // TypeScript cannot resolve the values' type while T is open; help is always one of the options.
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    return 0;
  }
  return parsed;
}
