/** Node's arguments to start a clean build with, when this process was not started with them (clean-build-node-args.mjs). */
export function cleanBuildNodeArgs(
  execArgv: readonly string[],
  args: readonly string[],
): string[] | undefined;
