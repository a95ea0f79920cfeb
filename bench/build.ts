import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { benchDevServer } from './dev-server.ts';
import { hugoBuild, hugoVersion, prepareHugoSite } from './hugo-baseline.ts';
import { markdownParseFloor } from './markdown-floor.ts';
import {
  measureCommand,
  measureNpmBuild,
  median,
  seconds,
  type CommandRun,
} from './measure-command.ts';
import { editOneRecord, writeRepeatedCorpus } from './repeat-corpus.ts';

/**
 * The build half of `npm run bench`: a corpus of real records repeated to `records`, then
 * in one run a clean build, the cached builds the content team runs (nothing changed, one
 * record edited, the cache kept without dist/ with and without an edit, dist/ deleted or
 * moved away as by a fresh checkout; through `npm run build`, process start included),
 * Hugo on the same Markdown, a copy of the output (what the disk alone takes to write it),
 * output size, the CPU time and peak memory of each process tree, and how soon `npm run
 * dev` serves an edit, and the floor no clean build can go under (markdown-floor.ts).
 * Medians of `runs`.
 */
const PROJECT = path.resolve(import.meta.dirname, '..');

export interface BuildBenchOptions {
  records: number;
  runs: number;
  workDir: string;
}

interface Row {
  label: string;
  runs: CommandRun[];
  note?: string;
}

async function folderBytes(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

const cpuSeconds = (runs: CommandRun[]) =>
  runs.every((r) => r.cpuMilliseconds !== undefined)
    ? seconds(median(runs.map((r) => r.cpuMilliseconds!)))
    : 'n/a';
const mib = (bytes: number | undefined) =>
  bytes === undefined ? 'n/a' : `${(bytes / 2 ** 20).toFixed(0)} MiB`;

export async function benchBuild({ records, runs, workDir }: BuildBenchOptions): Promise<string> {
  const corpus = path.join(workDir, 'content');
  const cleanOut = path.join(workDir, 'dist-clean');
  const cachedOut = path.join(workDir, 'dist');
  const cacheDir = path.join(workDir, 'cache');
  await writeRepeatedCorpus(path.join(PROJECT, 'content'), corpus, records);
  // Every build goes through `npm run build`, as the content team's builds do.
  const npmBuild = (...args: string[]) => measureNpmBuild(PROJECT, ['--content', corpus, ...args]);
  const cachedBuild = () => npmBuild('--out', cachedOut, '--cache-dir', cacheDir);

  const rows: Row[] = [];
  const clean: CommandRun[] = [];
  for (let i = 0; i < runs; i++) {
    await rm(cleanOut, { recursive: true, force: true });
    clean.push(await npmBuild('--out', cleanOut, '--no-cache'));
    process.stderr.write(`clean build ${i + 1}/${runs}: ${seconds(clean.at(-1)!.milliseconds)}\n`);
  }
  rows.push({ label: 'Clean build, every output (`npm run build -- --no-cache`)', runs: clean });

  const hugo = hugoVersion();
  const hugoRuns: CommandRun[] = [];
  if (hugo) {
    const site = path.join(workDir, 'hugo');
    await prepareHugoSite(corpus, site);
    for (let i = 0; i < runs; i++) hugoRuns.push(await hugoBuild(site));
    rows.push({
      label: 'Hugo, same Markdown to HTML only',
      runs: hugoRuns,
      note: hugo.split(' ')[1],
    });
  }

  await rm(cacheDir, { recursive: true, force: true });
  rows.push({
    label: 'First cached build (`npm run build`, empty cache)',
    runs: [await cachedBuild()],
  });
  const unchanged: CommandRun[] = [];
  for (let i = 0; i < runs; i++) unchanged.push(await cachedBuild());
  rows.push({ label: 'Nothing changed (`npm run build`)', runs: unchanged });
  const edited: CommandRun[] = [];
  for (let i = 0; i < runs; i++) {
    await editOneRecord(corpus, i + 1);
    edited.push(await cachedBuild());
  }
  rows.push({ label: 'One record edited (`npm run build`)', runs: edited });
  // What a host that keeps node_modules/.cache between builds but checks out a fresh tree (Netlify, most CI) runs on each commit.
  const outputGone: CommandRun[] = [];
  for (let i = 0; i < runs; i++) {
    await rm(cachedOut, { recursive: true, force: true });
    outputGone.push(await cachedBuild());
  }
  rows.push({ label: 'Cache kept, `dist/` deleted (`npm run build`)', runs: outputGone });
  // The same, after a content commit: what such a host runs to deploy one edited record.
  const deploys: CommandRun[] = [];
  for (let i = 0; i < runs; i++) {
    await editOneRecord(corpus, runs + i + 1);
    await rm(cachedOut, { recursive: true, force: true });
    deploys.push(await cachedBuild());
  }
  rows.push({
    label: 'Cache kept, `dist/` deleted, one record edited (`npm run build`)',
    runs: deploys,
  });
  // The same deploy as a fresh checkout starts it, no tree deleted just before: this machine's file system makes folders slowly right after a large deletion (docs/benchmarks.md). The moved folders go with the work folder.
  const freshCheckouts: CommandRun[] = [];
  const movedAway = path.join(workDir, 'moved-away');
  await mkdir(movedAway);
  for (let i = 0; i < runs; i++) {
    await editOneRecord(corpus, 2 * runs + i + 1);
    await rename(cachedOut, path.join(movedAway, String(i)));
    freshCheckouts.push(await cachedBuild());
  }
  rows.push({
    label: 'Cache kept, `dist/` moved away (a fresh checkout), one record edited (`npm run build`)',
    runs: freshCheckouts,
  });

  // What writing these files costs this machine's disk, whoever writes them: a floor for every build that writes them all.
  const copies: CommandRun[] = [];
  const copy = path.join(workDir, 'dist-copy');
  for (let i = 0; i < runs; i++) {
    await rm(copy, { recursive: true, force: true });
    copies.push(await measureCommand('cp', ['-r', cleanOut, copy]));
  }
  await rm(copy, { recursive: true, force: true });
  rows.push({
    label: "Copying the clean build's output (`cp -r`): the disk's share",
    runs: copies,
  });

  const cores = availableParallelism();
  const parse = await markdownParseFloor(corpus, cores);

  const dev = await benchDevServer({
    corpus,
    distDir: path.join(workDir, 'dist-dev'),
    dataDir: path.join(workDir, 'data'),
    edits: Math.max(9, runs),
  });

  const size = await folderBytes(cleanOut);
  const cleanMedian = median(clean.map((r) => r.milliseconds));
  const lines = [
    `Build of ${records.toLocaleString('en')} records (${size.files.toLocaleString('en')} output files, ${mib(size.bytes)}), medians of ${runs} runs:`,
    '',
    '| | Wall time | CPU time (user + system) | Peak memory (process tree) |',
    '|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.label}${row.note ? ` (${row.note})` : ''} | ${seconds(median(row.runs.map((r) => r.milliseconds)))} | ${cpuSeconds(row.runs)} | ${mib(Math.max(...row.runs.map((r) => r.peakBytes ?? 0)) || undefined)} |`,
    ),
  ];
  const hugoMedian = hugoRuns.length ? median(hugoRuns.map((r) => r.milliseconds)) : undefined;
  if (hugoMedian) lines.push('', `Clean build / Hugo: ${(cleanMedian / hugoMedian).toFixed(1)}x`);
  else lines.push('', 'Hugo is not installed (apt-get install hugo): no baseline.');
  // The floor: work no clean build can skip, the parse as measured on every core, the copy's CPU as if it shared them without loss.
  const copyCpu = median(copies.map((r) => r.cpuMilliseconds ?? r.milliseconds));
  const floor = parse.milliseconds + copyCpu / cores;
  lines.push(
    '',
    `Floor of a clean build: parsing the ${parse.files.toLocaleString('en')} files' Markdown with the build's parser (micromark), shared by ${cores} processes at once, takes ${seconds(parse.milliseconds)}; copying the output (the row above) ${seconds(copyCpu)} of CPU, over ${cores} cores ${seconds(copyCpu / cores)}: at least ${seconds(floor)}${hugoMedian ? `, ${(floor / hugoMedian).toFixed(1)}x Hugo` : ''}.`,
  );
  lines.push('', dev);
  return lines.join('\n');
}
