import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createContentClient } from '../client/index.js';
import { JSON_TYPE } from '../core/header-policy.ts';
import { paths } from '../core/paths.ts';
import { build } from '../generator/build.ts';
import { openBuildState } from '../generator/cache/build-state.ts';
import { recordManifest } from '../generator/emit/record-manifest.ts';
import { KnownAnalyses } from '../generator/load/analysis-store.ts';
import { loadContent } from '../generator/load/load-content.ts';
import { siteKeyOf } from '../generator/render/page-outputs.ts';
import { cardKey } from '../generator/render/pages/collection-page.ts';
import { documentVersion } from '../generator/render/record-outputs.ts';
import {
  type KeptRecords,
  readKeptRecords,
  signatureMemo,
} from '../generator/render/record-signatures.ts';
import { VARIANTS } from '../generator/mirror/precompress.ts';
import { compressAnswer } from '../server/compress-answer.ts';
import { createStaticSite } from '../server/static-site.ts';
import { median, seconds } from './measure-command.ts';
import { editOneRecord, writeRepeatedCorpus } from './repeat-corpus.ts';

/**
 * The sync half of `npm run bench`: the manifest of versions of a corpus of `records` real
 * records repeated, its size as precompressed for mirrors, and what the typed client's
 * sync() fetches from dist/ as a static host serves it (server/static-site.ts, in process):
 * a first sync, an unchanged poll, and a sync after one record is edited and the site
 * built again, against the baseline of fetching every record again. Then the manifest's
 * cost in a build: made with every document hashed (a clean build) and with the versions
 * the last build kept (a build after an edit).
 */
const PROJECT = path.resolve(import.meta.dirname, '..');

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

/** A fetch served by the static host in process, counting the files it answers and their bytes. */
function countingHost(distDir: string) {
  let site = createStaticSite(distDir);
  const tally = { files: 0, bytes: 0 };
  return {
    tally,
    reset: () => Object.assign(tally, { files: 0, bytes: 0 }),
    reload: () => void (site = createStaticSite(distDir)),
    fetch: async (request: Request) => {
      const response = await (await site).serve(request);
      const body = await response.arrayBuffer();
      tally.files++;
      tally.bytes += body.byteLength;
      return new Response(response.status === 304 ? null : body, response);
    },
  };
}

export async function benchSync({
  records,
  runs,
  workDir,
}: {
  records: number;
  runs: number;
  workDir: string;
}): Promise<string> {
  const corpus = path.join(workDir, 'content');
  const distDir = path.join(workDir, 'dist');
  const cacheDir = path.join(workDir, 'cache');
  await writeRepeatedCorpus(path.join(PROJECT, 'content'), corpus, records);
  const buildSite = async () => {
    const start = performance.now();
    await build({ contentDir: corpus, outDir: distDir, cacheDir });
    return performance.now() - start;
  };
  const firstBuild = await buildSite();

  const manifest = await readFile(path.join(distDir, `${paths.apiManifest.slice(1)}.json`));
  const gzip = (await VARIANTS.gzip.compress(manifest)).length;
  const brotli = (await VARIANTS.brotli.compress(manifest)).length;
  /** The manifest's bytes as npm start sends it to a client accepting `encoding`. */
  const sent = async (encoding: string) => {
    const request = new Request('http://localhost/api/v1/manifest', {
      headers: { 'Accept-Encoding': encoding },
    });
    const plain = new Response(manifest, { headers: { 'Content-Type': JSON_TYPE } });
    return (await (await compressAnswer(request, plain)).arrayBuffer()).byteLength;
  };
  const onTheFly = { gzip: await sent('gzip'), brotli: await sent('br') };

  const host = countingHost(distDir);
  // No client cache of its own: every exchange is the host's answer.
  const client = createContentClient({
    baseUrl: 'http://mirror.invalid',
    fetch: host.fetch,
    cacheEntries: 0,
  });
  const first = await client.sync();
  const everything = { ...host.tally };
  host.reset();
  const poll = await client.sync(first.state);
  const unchanged = { ...host.tally, notModified: poll.notModified };
  await editOneRecord(corpus, 1);
  const editBuild = await buildSite();
  host.reload();
  host.reset();
  const afterEdit = await client.sync(first.state);
  const edited = { ...host.tally, changed: afterEdit.changed.length };

  // The manifest alone, on the corpus as loaded: every document hashed, then every version the last build kept.
  const state = openBuildState(cacheDir, distDir);
  const loaded = await loadContent(corpus, { analyses: new KnownAnalyses(state.analyses) });
  const timed = async (last?: KeptRecords) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      // A memo of its own each time: it keeps the versions it works out.
      const memo = await signatureMemo(last, loaded, siteKeyOf(loaded), {
        card: cardKey,
        version: documentVersion,
      });
      const start = performance.now();
      await recordManifest(loaded, memo.version);
      times.push(performance.now() - start);
    }
    return median(times);
  };
  const hashed = await timed();
  const kept = await timed(readKeptRecords(state.records));

  return [
    `Sync of ${Object.keys(first.state.records).length.toLocaleString('en')} records (the typed client's sync() against dist/ served as a static host serves it):`,
    '',
    '| | Files fetched | Bytes (uncompressed) |',
    '|---|---|---|',
    `| First sync (every record) | ${everything.files.toLocaleString('en')} | ${kib(everything.bytes)} |`,
    `| Unchanged poll (${unchanged.notModified ? '304' : 'not a 304!'}) | ${unchanged.files} | ${kib(unchanged.bytes)} |`,
    `| After one record edited and a build (${edited.changed} changed) | ${edited.files} | ${kib(edited.bytes)} |`,
    '',
    `The manifest: ${kib(manifest.length)}, ${kib(gzip)} gzip (level 9), ${kib(brotli)} brotli (quality 11), as \`npm run mirror -- precompress\` writes them; ${kib(onTheFly.gzip)} gzip, ${kib(onTheFly.brotli)} brotli as \`npm start\` sends it.`,
    `After one edit a sync fetches ${edited.files} files, ${(everything.bytes / edited.bytes).toFixed(0)}x fewer bytes than fetching every record again.`,
    `Making the manifest (medians of ${runs}, in process): ${hashed.toFixed(0)} ms with every document hashed, as a first build does (${percent(hashed, firstBuild)} of this run's first build, ${seconds(firstBuild)}); ${kept.toFixed(1)} ms with the versions the last build kept, as a build after an edit does (${percent(kept, editBuild)} of this run's, ${seconds(editBuild)}).`,
  ].join('\n');
}
