import path from 'node:path';
import { parseArgs } from 'node:util';
import { baseUrlProblem } from './model/base-url.ts';
import { build, DEFAULT_CACHE_DIR } from './build.ts';
import { ContentError } from './model/problems.ts';
import { terminalProgress } from './progress/terminal-progress.ts';

const USAGE = `Usage: npm run build -- [--content DIR] [--out DIR] [--base-url https://example.com] [--cache-dir DIR | --no-cache]
  Unchanged files are taken from the build cache (default ${path.relative(process.cwd(), DEFAULT_CACHE_DIR)}); --no-cache processes everything afresh.`;

const parse = () =>
  parseArgs({
    options: {
      content: { type: 'string', default: 'content' },
      out: { type: 'string', default: 'dist' },
      'base-url': { type: 'string', default: process.env.SITE_BASE_URL },
      'no-cache': { type: 'boolean', default: false },
      'cache-dir': { type: 'string', default: DEFAULT_CACHE_DIR },
      help: { type: 'boolean', short: 'h' },
    },
  });

async function main(): Promise<number> {
  let values: ReturnType<typeof parse>['values'];
  try {
    ({ values } = parse());
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const baseUrl = values['base-url'];
  const problem = baseUrl === undefined ? undefined : baseUrlProblem(baseUrl);
  if (problem) {
    const from = process.argv.some((a) => a === '--base-url' || a.startsWith('--base-url='))
      ? '--base-url'
      : 'SITE_BASE_URL';
    console.error(`${from} ${problem}.\n${USAGE}`);
    return 2;
  }
  const reporter = terminalProgress();
  try {
    const summary = await build({
      contentDir: values.content,
      outDir: values.out,
      baseUrl,
      cacheDir: values['no-cache'] ? undefined : values['cache-dir'],
      progress: reporter.progress,
    });
    reporter.done();
    const records = Object.values(summary.records).reduce((a, b) => a + b, 0);
    const counts = Object.entries(summary.records)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    console.log(
      `Built ${values.out}/ from ${values.content}/ in ${summary.milliseconds} ms: ${records} records (${counts}), ${summary.files} files (${(summary.bytes / 1024).toFixed(0)} KiB; ${summary.written} written, ${summary.deleted} deleted)`,
    );
    return 0;
  } catch (error) {
    reporter.done();
    if (error instanceof ContentError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
