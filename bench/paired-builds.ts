import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { checkOutBaseline } from './baseline-checkout.ts';
import { type CommandRun, measureNpmBuild, median, seconds } from './measure-command.ts';
import { editOneRecord, writeRepeatedCorpus } from './repeat-corpus.ts';

const PROJECT = path.resolve(import.meta.dirname, '..');

export interface PairedBuildsOptions {
  records: number;
  pairs: number;
  workDir: string;
  /** The version to time the project's against: a commit, tag or branch. */
  against: string;
}

/** One version of the code as the pairs run it: what it is, where it is, and its own dist/ and cache. */
interface Side {
  name: string;
  cwd: string;
  out: string;
  cacheDir: string;
  runs: CommandRun[];
}

/** A build the pairs time, and what is done before each pair (`before`) and before each side's build in pair `pair` (`beforeSide`). */
interface PairedBuild {
  label: string;
  before?: () => Promise<unknown>;
  beforeSide?: (side: Side, pair: number) => Promise<unknown>;
}

/**
 * The cached builds the build's speed targets name, timed for the project's code and for
 * another version of it (`against`), alternated run by run on the same corpus (the build
 * bench's: real records repeated to `records`), each with its own dist/ and cache, which
 * goes first changing from pair to pair. A pair's ratio (this code / that code) holds while
 * the machine's speed drifts, which moves a figure from one hour to the next by more than a
 * target's margin; the table gives each build's median ratio and its range.
 */
export async function pairedBuilds(options: PairedBuildsOptions): Promise<string> {
  const { records, pairs, workDir, against } = options;
  const baseline = await checkOutBaseline(PROJECT, against, path.join(workDir, 'baseline'));
  try {
    const corpus = path.join(workDir, 'content');
    await writeRepeatedCorpus(path.join(PROJECT, 'content'), corpus, records);
    const side = (name: string, folder: string, cwd: string): Side => ({
      name,
      cwd,
      out: path.join(workDir, `paired-dist-${folder}`),
      cacheDir: path.join(workDir, `paired-cache-${folder}`),
      runs: [],
    });
    const sides = [
      side(`the code of ${baseline.description}`, 'baseline', baseline.dir),
      side('this code', 'current', PROJECT),
    ];
    const build = (at: Side) => {
      const paths = ['--content', corpus, '--out', at.out, '--cache-dir', at.cacheDir];
      return measureNpmBuild(at.cwd, paths).catch((error: unknown) => {
        throw new Error(`The build by ${at.name} failed. ${(error as Error).message}`);
      });
    };
    for (const at of sides) await build(at);
    let round = 1;
    const edit = () => editOneRecord(corpus, round++);
    const movedAway = path.join(workDir, 'paired-moved-away');
    await mkdir(movedAway, { recursive: true });
    const kinds: PairedBuild[] = [
      { label: 'Nothing changed' },
      { label: 'One record edited', before: edit },
      {
        label: 'A deploy: cache kept, `dist/` deleted just before, one record edited',
        before: edit,
        beforeSide: (at) => rm(at.out, { recursive: true, force: true }),
      },
      {
        label: 'A deploy from a fresh checkout: `dist/` moved away, one record edited',
        before: edit,
        beforeSide: (at, i) =>
          rename(at.out, path.join(movedAway, `${path.basename(at.out)}-${i}`)),
      },
    ];
    const rows: string[] = [];
    for (const kind of kinds) {
      for (const at of sides) at.runs = [];
      for (let i = 0; i < pairs; i++) {
        await kind.before?.();
        for (const at of i % 2 ? [...sides].reverse() : sides) {
          await kind.beforeSide?.(at, i);
          at.runs.push(await build(at));
        }
        process.stderr.write(`paired, ${kind.label}: ${i + 1}/${pairs}\n`);
      }
      const [before, after] = sides as [Side, Side];
      const ratios = after.runs.map((run, i) => run.milliseconds / before.runs[i]!.milliseconds);
      const wall = (at: Side) => seconds(median(at.runs.map((run) => run.milliseconds)));
      rows.push(
        `| ${kind.label} | **${median(ratios).toFixed(2)}** | ${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)} | ${wall(after)} | ${wall(before)} |`,
      );
    }
    return [
      `Cached builds of ${records.toLocaleString('en')} records paired against ${baseline.description}: this code's time / that code's, the median of ${pairs} pairs run alternately:`,
      '',
      '| Build | Ratio | Range | This code | That code |',
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  } finally {
    baseline.remove();
  }
}
