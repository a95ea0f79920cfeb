import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchBuild } from './build.ts';
import { pairedBuilds } from './paired-builds.ts';
import { benchSearch } from './search.ts';
import { benchStaticSearch } from './static-search.ts';
import { benchSync } from './sync.ts';

/**
 * npm run bench [-- --records 50000] [--runs 3] [--only build|search|static-search|sync|paired]
 * [--against <commit>]: prints the build benchmark (docs/benchmarks.md), the search
 * benchmark, the static search's on a mirror and the sync benchmark, with the machine they
 * ran on; with --against, the cached builds paired run by run against that version of the
 * code too (paired-builds.ts), `--runs` pairs of each.
 */
const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    against: { type: 'string' },
  },
});
const wanted = (part: string) => values.only === undefined || values.only === part;
const records = Number(values.records);
const runs = Number(values.runs);
if (
  !Number.isInteger(records) ||
  records < 200 ||
  !Number.isInteger(runs) ||
  runs < 1 ||
  (values.only && !['build', 'search', 'static-search', 'sync', 'paired'].includes(values.only)) ||
  // The pairs need a version to pair against, which no other part uses.
  (values.only === 'paired' && values.against === undefined) ||
  (values.against !== undefined && !wanted('paired'))
) {
  console.error(
    'Usage: npm run bench -- [--records N (200 or more)] [--runs N] [--only build|search|static-search|sync|paired] [--against <commit>] (--only paired needs --against)',
  );
  process.exit(2);
}

console.log(
  `Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}`,
);
/** Runs a part of the bench in a work folder of its own, removed after. */
async function inWorkDir(name: string, part: (workDir: string) => Promise<string>) {
  const workDir = await mkdtemp(path.join(tmpdir(), `bench-${name}-`));
  try {
    console.log(`\n${await part(workDir)}`);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
if (wanted('build')) await inWorkDir('build', (workDir) => benchBuild({ records, runs, workDir }));
if (wanted('search')) await benchSearch();
if (wanted('static-search')) await benchStaticSearch(records);
if (wanted('sync')) await inWorkDir('sync', (workDir) => benchSync({ records, runs, workDir }));
const { against } = values;
if (against !== undefined && wanted('paired'))
  await inWorkDir('paired', (workDir) => pairedBuilds({ records, pairs: runs, workDir, against }));
