import { caddyConfig } from '../generator/mirror/caddy-config.ts';
import { MirrorError } from '../generator/mirror/mirror-error.ts';
import { mirrorPlan } from '../generator/mirror/mirror-plan.ts';
import { nginxConfig } from '../generator/mirror/nginx-config.ts';
import { precompress, type VariantSummary } from '../generator/mirror/precompress.ts';
import { OutputError, writeOutput } from './command-output.ts';
import { parseCommandLine, usageErrors } from './command-line.ts';

const USAGE = `Usage:
  npm run mirror -- nginx --root DIR --listen HOST:PORT [--api URL] [--brotli] [--out FILE]
  npm run mirror -- caddy --root DIR --listen HOST:PORT [--api URL] [--out FILE]
  npm run mirror -- precompress DIR

nginx and caddy write a configuration that serves the build in DIR as a static mirror
to FILE (replaced whole), or print it on standard output (through npm run only with -s,
as npm prints its banner there first);
--api is the full API the mirror's 501 answers point to (default: the build's baseUrl);
--brotli (nginx) also serves .br files, with Debian's libnginx-mod-http-brotli-static.
precompress writes FILE.br and FILE.gz beside each text file of DIR of 1 KiB or more.
See docs/mirror.md.`;

const usageError = usageErrors(USAGE);

const OPTIONS = {
  root: { type: 'string' },
  listen: { type: 'string' },
  api: { type: 'string' },
  brotli: { type: 'boolean', default: false },
  out: { type: 'string' },
} as const;

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv, USAGE, OPTIONS);
  if (typeof parsed === 'number') return parsed;
  const { positionals, values } = parsed;
  const [command, ...rest] = positionals;
  try {
    switch (command) {
      case 'nginx':
      case 'caddy': {
        if (rest.length) return usageError(`Unexpected argument: ${rest.join(' ')}.`);
        if (!values.root || !values.listen)
          return usageError(`${command} needs --root DIR and --listen HOST:PORT.`);
        if (!/^(\[[0-9a-fA-F:.]+\]|[^\s:[\]]+):\d{1,5}$/.test(values.listen))
          return usageError(
            `--listen ${values.listen}: give HOST:PORT, such as 127.0.0.1:8080 or [::1]:8080.`,
          );
        if (command === 'caddy' && values.brotli)
          return usageError('--brotli is for nginx: Caddy serves .br files whenever they exist.');
        if (values.out === '') return usageError('--out needs a FILE.');
        const plan = await mirrorPlan({ root: values.root, apiUrl: values.api });
        writeOutput(
          command === 'nginx'
            ? nginxConfig(plan, { listen: values.listen, brotli: values.brotli ?? false })
            : caddyConfig(plan, { listen: values.listen }),
          { out: values.out, script: 'mirror', what: `the ${command} configuration` },
        );
        return 0;
      }
      case 'precompress': {
        if (
          rest.length !== 1 ||
          values.root ||
          values.listen ||
          values.api ||
          values.brotli ||
          values.out !== undefined
        )
          return usageError('precompress takes one DIR and no options.');
        const summary = await precompress(rest[0]!);
        const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
        const variant = (name: string, v: VariantSummary) =>
          `${name} ${v.files} files ${kib(v.bytesBefore)} -> ${kib(v.bytesAfter)}`;
        console.error(
          `Precompressed ${summary.files} text files of ${kib(summary.bytes)} in ${rest[0]}: ${variant('gzip', summary.gzip)}, ${variant('brotli', summary.brotli)}.`,
        );
        return 0;
      }
      default:
        return usageError(command ? `Unknown command: ${command}.` : 'Which mirror command?');
    }
  } catch (error) {
    if (error instanceof MirrorError || error instanceof OutputError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
