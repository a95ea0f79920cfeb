import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchBuild } from './build.ts';
import { benchSearch } from './search.ts';
import { benchStaticSearch } from './static-search.ts';

/**
 * npm run bench [-- --records 50000] [--runs 3] [--only build|search|static-search]: prints
 * the build benchmark (docs/benchmarks.md), the search benchmark and the static search's on a
 * mirror, with the machine they ran on.
 */
const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
  },
});
const records = Number(values.records);
const runs = Number(values.runs);
if (
  !Number.isInteger(records) ||
  records < 200 ||
  !Number.isInteger(runs) ||
  runs < 1 ||
  (values.only && !['build', 'search', 'static-search'].includes(values.only))
) {
  console.error(
    'Usage: npm run bench -- [--records N (200 or more)] [--runs N] [--only build|search|static-search]',
  );
  process.exit(2);
}

console.log(
  `Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}`,
);
if (!values.only || values.only === 'build') {
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-build-'));
  try {
    console.log(`\n${await benchBuild({ records, runs, workDir })}`);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
if (!values.only || values.only === 'search') await benchSearch();
if (!values.only || values.only === 'static-search') await benchStaticSearch(records);
