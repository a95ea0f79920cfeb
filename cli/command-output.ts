import { fstatSync } from 'node:fs';
import path from 'node:path';
import { replaceFile } from '../core/replace-file.ts';

/** Why a command's output was not written; its message says how to get it. */
export class OutputError extends Error {}

/**
 * Where a command that prints data (a configuration, an export) sends it: the file of
 * `--out`, replaced whole (a server reloading meanwhile reads the old file or the new one,
 * never half of one), with a line on standard error saying so; else standard output,
 * which then carries nothing but the data.
 *
 * `npm run` prints its banner (`> package@version script`) to standard output unless its
 * log level is silent, so `npm run x -- ... > file` starts the file with that banner, and
 * a pipe gets it too. A command cannot take it back out, so it refuses to add its data
 * after the banner and says how to get a clean file instead.
 */
export function writeOutput(
  text: string,
  { out, script, what }: { out: string | undefined; script: string; what: string },
): void {
  if (out !== undefined) {
    try {
      replaceFile(out, text);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason =
        code === 'EACCES' || code === 'EPERM'
          ? `no permission to write in ${path.dirname(path.resolve(out))}: run the command as a user who may, or give another --out`
          : code === 'EISDIR'
            ? `${out} is a folder: give the file's path`
            : (error as Error).message;
      throw new OutputError(`Could not write ${what} to ${out}: ${reason}.`);
    }
    process.stderr.write(`Wrote ${what} to ${out} (${Buffer.byteLength(text)} bytes).\n`);
    return;
  }
  if (npmBannerShares(script))
    throw new OutputError(
      `npm run printed its banner ("> ${process.env.npm_package_name}@${process.env.npm_package_version} ${script}") into the file or pipe standard output goes to, so ${what} written there would not be usable. Give --out FILE instead (or run npm run -s ${script} -- ...).`,
    );
  process.stdout.write(text);
}

/** Run by `npm run <script>` without --silent, with standard output going elsewhere than a terminal. */
function npmBannerShares(script: string): boolean {
  if (process.env.npm_lifecycle_event !== script) return false;
  if (process.env.npm_config_loglevel === 'silent') return false;
  const stdout = fstatSync(1);
  return stdout.isFile() || stdout.isFIFO() || stdout.isSocket();
}
