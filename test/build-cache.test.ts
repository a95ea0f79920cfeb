import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import {
  cp,
  mkdir,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
  readdir,
} from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import fg from 'fast-glob';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { build, createBuilder } from '../generator/build.ts';
import { ContentError } from '../generator/model/problems.ts';
import { ensureBuild } from '../server/ensure-build.ts';
import type { Output } from '../generator/model/outputs.ts';
import { DistState } from '../generator/write/dist-state.ts';
import {
  fileShard,
  folderShard,
  readManifest,
  SITE_SHARD,
  writeManifest,
} from '../generator/write/dist-manifest.ts';
import { openBuildState } from '../generator/cache/build-state.ts';
import { recordFiles } from '../generator/render/record-outputs.ts';
import type { FileState } from '../generator/load/content-reader.ts';
import type { CollectionKey } from '../core/collections.ts';
import {
  STATIC_SEARCH_FOLDER,
  STATIC_SEARCH_HEADER,
  staticSearchFile,
  type StaticSearchHeader,
} from '../core/static-search-index.ts';
import { syntheticSlug, writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

const run = promisify(execFile);
const project = path.resolve(import.meta.dirname, '..');
let root: string;
let content: string;
let cacheDir: string;

beforeEach(async () => {
  root = await temporaryDirectory('cache-');
  content = path.join(root, 'content');
  cacheDir = path.join(root, 'cache');
  await writeSyntheticCorpus(content, 4);
});

async function digest(dir: string): Promise<Record<string, string>> {
  const files = (await fg('**/*', { cwd: dir })).sort();
  return Object.fromEntries(
    await Promise.all(
      files.map(async (f) => [
        f,
        createHash('sha256')
          .update(await readFile(path.join(dir, f)))
          .digest('hex'),
      ]),
    ),
  );
}

/**
 * npm run dev's builder, writing to dist/ `dev`. `during(change)` runs the change once, the
 * next time a build reports `stage`: as an edit saved while that build runs.
 */
function devBuilder(stage: string) {
  let pending: (() => void) | undefined;
  const progress = (reported: string) => {
    if (reported !== stage) return;
    pending?.();
    pending = undefined;
  };
  return {
    builder: createBuilder({
      contentDir: content,
      outDir: path.join(root, 'dev'),
      cacheDir,
      longLived: true,
      progress,
    }),
    during: (change: () => void) => void (pending = change),
    ran: () => pending === undefined,
  };
}

const cached = (name: string) =>
  build({ contentDir: content, outDir: path.join(root, name), cacheDir });

/** The cache holds a link to each file of dist/ `name` (the same file, not an older one) and to nothing else, in no empty folder (dist-links.ts). */
async function expectLinksMirror(name: string, because?: string, cache = cacheDir): Promise<void> {
  const links = openBuildState(cache, path.join(root, name)).dist.links;
  const linked = await fg('**/*', { cwd: links, onlyFiles: false, markDirectories: true });
  const files = (await fg('**/*', { cwd: path.join(root, name) })).sort();
  expect(linked.filter((entry) => !entry.endsWith('/')).sort(), because).toEqual(files);
  const stale: string[] = [];
  for (const file of files)
    if ((await stat(path.join(links, file))).ino !== (await stat(path.join(root, name, file))).ino)
      stale.push(file);
  expect(stale, because).toEqual([]);
  expect(
    linked.filter(
      (entry) =>
        entry.endsWith('/') && !linked.some((other) => other !== entry && other.startsWith(entry)),
    ),
    because,
  ).toEqual([]);
}
const clean = (name: string) => build({ contentDir: content, outDir: path.join(root, name) });

/** The bytes of every file under `dir`. */
async function sizeOf(dir: string): Promise<number> {
  const files = await fg('**/*', { cwd: dir, stats: true });
  return files.reduce((sum, file) => sum + (file.stats?.size ?? 0), 0);
}

/** What a user does after editing dist/ by hand (docs/caching.md): dist/'s own time changes, and the next cached build checks every file. */
const touch = (dir: string) => utimes(dir, new Date(), new Date());

describe("npm start's staleness check", () => {
  it('sees edits, deletions and renames by content, and nothing else', async () => {
    const out = path.join(root, 'served');
    const post = (i: number) => path.join(content, 'posts', `${syntheticSlug('posts', i)}.md`);
    expect(await ensureBuild(content, out, undefined)).toBe('built');
    expect(await ensureBuild(content, out, undefined)).toBe('fresh');
    // Touching a file without changing it is no reason to build.
    await writeFile(post(1), await readFile(post(1)));
    expect(await ensureBuild(content, out, undefined)).toBe('fresh');
    await rename(post(2), path.join(content, 'posts', 'renamed.md'));
    expect(await ensureBuild(content, out, undefined)).toBe('built');
    await rm(post(3));
    expect(await ensureBuild(content, out, undefined)).toBe('built');
    await writeFile(
      post(1),
      (await readFile(post(1), 'utf8')).replace(
        /^summary: .*$/m,
        'summary: A changed summary of this synthetic post, long enough for the schema to accept.',
      ),
    );
    expect(await ensureBuild(content, out, undefined)).toBe('built');
    expect(await ensureBuild(content, out, undefined)).toBe('fresh');
    await rm(path.join(out, 'index.html'));
    expect(await ensureBuild(content, out, undefined)).toBe('built');
  });
});

describe('parallel analysis and page rendering', () => {
  // It builds the same 420 records over a dozen times: more than the suite's default time
  // allows on a loaded machine.
  it('builds exactly what one thread builds', async () => {
    // 420 records: enough for analysis workers and a pool of page renderers (worth-a-thread.ts).
    const large = path.join(root, 'large');
    await writeSyntheticCorpus(large, 70);
    await build({ contentDir: large, outDir: path.join(root, 'one-thread'), threads: 1 });
    await build({ contentDir: large, outDir: path.join(root, 'two-threads'), threads: 2 });
    expect(await digest(path.join(root, 'two-threads'))).toEqual(
      await digest(path.join(root, 'one-thread')),
    );
    // `npm run build` runs the generator bundled, with its own worker: the same bytes again.
    const bundled = path.join(root, 'bundled');
    const bundledCache = path.join(root, 'bundled-cache');
    const buildBundled = async () =>
      (
        await run(
          process.execPath,
          [
            path.join(project, 'generator/run-bundled.mjs'),
            '--content',
            large,
            '--out',
            bundled,
            '--cache-dir',
            bundledCache,
          ],
          { cwd: project },
        )
      ).stdout;
    await buildBundled();
    const clean = await digest(path.join(root, 'one-thread'));
    expect(await digest(bundled)).toEqual(clean);
    // A clean build (--no-cache), bundled: the same bytes.
    const bundledClean = path.join(root, 'bundled-clean');
    await run(
      process.execPath,
      [
        path.join(project, 'generator/run-bundled.mjs'),
        '--content',
        large,
        '--out',
        bundledClean,
        '--no-cache',
      ],
      { cwd: project },
    );
    expect(await digest(bundledClean)).toEqual(clean);

    // A cached build takes the manifest at its word while dist/ itself is as the last write
    // left it: files edited, removed or left by hand below it go unseen...
    const handEdits = async () => {
      await writeFile(path.join(bundled, 'posts', 'index.html'), 'edited by hand');
      await rm(path.join(bundled, 'glossary', 'index.html.md'));
      await writeFile(path.join(bundled, 'threats', 'stray.txt'), 'left behind');
    };
    await handEdits();
    expect(await buildBundled()).toMatch(/; 0 written, 0 deleted\)/);
    // ...until dist/ is touched: then the build checks every file against the manifest (dist-check.ts), bundled or not, and they go.
    await touch(bundled);
    expect(await buildBundled()).toMatch(/; 2 written, 1 deleted\)/);
    expect(await digest(bundled)).toEqual(clean);
    await handEdits();
    await touch(bundled);
    expect(
      await build({ contentDir: large, outDir: bundled, cacheDir: bundledCache }),
    ).toMatchObject({ written: 2, deleted: 1 });
    expect(await digest(bundled)).toEqual(clean);

    // An edited summary: the search index, on its thread, is patched from the one dist/ holds, to the bytes of a whole new one.
    const edited = path.join(large, 'threats', `${syntheticSlug('threats', 3)}.md`);
    await writeFile(
      edited,
      (await readFile(edited, 'utf8')).replace(
        /^summary: .*$/m,
        'summary: An edited summary with words no record had, zygote and quokka.',
      ),
    );
    await buildBundled();
    await build({ contentDir: large, outDir: path.join(root, 'edited-clean'), threads: 2 });
    expect(await digest(bundled)).toEqual(await digest(path.join(root, 'edited-clean')));
    const shards = await fg('assets/search-shards/t*.json', { cwd: bundled });
    expect(
      shards.some((file) => readFileSync(path.join(bundled, file), 'utf8').includes('["quokka"')),
    ).toBe(true);

    // dist/ deleted, the cache kept (a fresh checkout on Netlify): every file is linked back from the cache, none made again.
    const editedClean = await digest(path.join(root, 'edited-clean'));
    await rm(bundled, { recursive: true });
    // The site's files (the manifest among them), the static search index's and the browser's search engine.
    const { termFiles, documentFiles } = JSON.parse(
      await readFile(path.join(root, 'edited-clean', STATIC_SEARCH_HEADER.slice(1)), 'utf8'),
    ) as StaticSearchHeader;
    const files = 1338 + 2 + termFiles.length + documentFiles.length + 1;
    const built = (written: number) =>
      new RegExp(`${files} files \\(\\d+ KiB; ${written} written, 0 deleted\\)`);
    expect(await buildBundled()).toMatch(built(0));
    expect(await digest(bundled)).toEqual(editedClean);
    // With nothing to write, the build still fills the next links folder, for the next deploy...
    await expectLinksMirror(
      'bundled',
      'after a build linked back with nothing to write',
      bundledCache,
    );
    // ...and records none of dist/'s folders, which the next deploy would forget as it links dist/ back.
    const recordedFolders = () =>
      openBuildState(bundledCache, bundled).dist.folders({ shardOf: folderShard }).size;
    expect(recordedFolders()).toBe(0);
    // Linked back after a finished write, dist/ is taken at its word: a page and the search index changed in place
    // (their links with them) before dist/ went come back as they were changed, and no file is looked at...
    await writeFile(path.join(bundled, 'posts', 'index.html'), 'edited by hand');
    await writeFile(path.join(bundled, 'assets', 'search-index.json'), '{}');
    await rm(bundled, { recursive: true });
    expect(await buildBundled()).toMatch(built(0));
    expect(await readFile(path.join(bundled, 'posts', 'index.html'), 'utf8')).toBe(
      'edited by hand',
    );
    // ...until dist/ is touched: then every file is checked, and those two are made again (docs/caching.md);
    // that write, not a link-back's, records every folder.
    await touch(bundled);
    expect(await buildBundled()).toMatch(built(2));
    expect(await digest(bundled)).toEqual(editedClean);
    expect(recordedFolders()).toBeGreaterThan(100);
    // A file put by hand in a folder, then dist/ touched, is found.
    await writeFile(path.join(bundled, 'posts', 'stray.html'), 'put there by hand');
    const now = new Date();
    await utimes(bundled, now, now);
    expect(await buildBundled()).toMatch(/; 0 written, 1 deleted\)/);
    expect(await digest(bundled)).toEqual(editedClean);
    // The cache's links lost too: every file is made again, by the page pool, to the same bytes.
    await rm(bundled, { recursive: true });
    await rm(path.join(bundledCache, 'outputs'), { recursive: true });
    expect(await buildBundled()).toMatch(built(files));
    expect(await digest(bundled)).toEqual(editedClean);
    // The links lost but the manifest kept (as where links cannot be made): every file is made again, none taken as written.
    await rm(bundled, { recursive: true });
    const outputs = path.join(bundledCache, 'outputs');
    for (const entry of await readdir(outputs))
      if (entry.endsWith('.links')) await rm(path.join(outputs, entry), { recursive: true });
    expect(await buildBundled()).toMatch(built(files));
    expect(await digest(bundled)).toEqual(editedClean);

    // Every threat edited: many new parts of llms-full.txt, the rest still copied from the file dist/ holds.
    for (let i = 0; i < 70; i++) {
      const threat = path.join(large, 'threats', `${syntheticSlug('threats', i)}.md`);
      await writeFile(
        threat,
        (await readFile(threat, 'utf8')).replace(
          /^summary: .*$/m,
          `summary: Summary number ${i}, edited with every other threat's.`,
        ),
      );
    }
    await buildBundled();
    await build({ contentDir: large, outDir: path.join(root, 'threats-edited-clean'), threads: 2 });
    expect(await digest(bundled)).toEqual(await digest(path.join(root, 'threats-edited-clean')));
  }, 180_000);
});

describe('a build with nothing to do', () => {
  const out = () => path.join(root, 'out');
  const stagesOf = async (): Promise<[Awaited<ReturnType<typeof build>>, Set<string>]> => {
    const stages = new Set<string>();
    const summary = await build({
      contentDir: content,
      outDir: out(),
      cacheDir,
      progress: (stage) => stages.add(stage),
    });
    return [summary, stages];
  };

  beforeEach(() => {
    // The corpus written long enough ago for its files' states to be kept (content-reader.ts): as for any file not written in the last seconds.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    return () => vi.useRealTimers();
  });

  it('reads no content and writes nothing when dist/ holds what the content builds, and only then', async () => {
    const [first, analyzed] = await stagesOf();
    expect([...analyzed]).toEqual(['analyze', 'render', 'write']);
    const [again, stages] = await stagesOf();
    expect([...stages]).toEqual([]);
    expect(again).toMatchObject({
      records: first.records,
      files: first.files,
      bytes: first.bytes,
      written: 0,
      deleted: 0,
      changed: [],
    });

    await clean('clean');
    const expected = await digest(path.join(root, 'clean'));
    const page = path.join(out(), `posts/${syntheticSlug('posts', 1)}/index.html`);
    await writeFile(page, 'changed by hand');
    // A file put right in dist/ changes dist/'s own time: the build checks every file again.
    await writeFile(path.join(out(), 'stray.html'), 'put there by hand');
    const [mended, read] = await stagesOf();
    expect(read.has('analyze')).toBe(true);
    expect(mended).toMatchObject({ written: 1, deleted: 1 });
    expect(await digest(out())).toEqual(expected);

    // Saved again unchanged (or just edited, its state not kept yet): read again and found the same, nothing analyzed; then known by its state again.
    const post = path.join(content, 'posts', `${syntheticSlug('posts', 2)}.md`);
    await writeFile(post, await readFile(post));
    const states = () => openBuildState(cacheDir, out()).fileStates<FileState>();
    expect(states().get(post)?.ctimeMs).toBeLessThan((await stat(post)).ctimeMs);
    expect([...(await stagesOf())[1]]).toEqual([]);
    expect(states().get(post)?.ctimeMs).toBe((await stat(post)).ctimeMs);
    expect([...(await stagesOf())[1]]).toEqual([]);
    expect(await digest(out())).toEqual(expected);

    // Edited: read before the analysis, then analyzed and written as a clean build makes it.
    await writeFile(
      post,
      (await readFile(post, 'utf8')).replace(
        /^summary: .*$/m,
        'summary: A summary edited after dist/ was written, long enough for the schema.',
      ),
    );
    const [edited, analyzedAgain] = await stagesOf();
    expect(analyzedAgain.has('analyze')).toBe(true);
    expect(edited.written).toBeGreaterThan(0);
    await clean('clean-edited');
    expect(await digest(out())).toEqual(await digest(path.join(root, 'clean-edited')));
  });

  it("reads the manifest's header alone while dist/ keeps its stamp, and checks every file once it lost it", async () => {
    const [first] = await stagesOf();
    const entries = openBuildState(cacheDir, out()).dist.headerFile.replace(/\.json$/, '.files');
    // Every shard of entries made unreadable, each of the length its count was kept with: none is read.
    const shards = (await readdir(entries)).filter((name) => name.endsWith('.log'));
    for (const shard of shards) {
      const file = path.join(entries, shard);
      await writeFile(file, 'x'.repeat((await stat(file)).size));
    }
    const [again, stages] = await stagesOf();
    expect([...stages]).toEqual([]);
    expect(again).toMatchObject({ files: first.files, bytes: first.bytes, written: 0 });
    // Touched, dist/ is checked against a manifest that lists nothing: every file is written again, as a clean build writes it.
    await touch(out());
    const [checked] = await stagesOf();
    expect(checked).toMatchObject({ written: first.files, deleted: 0 });
    await clean('clean');
    expect(await digest(out())).toEqual(await digest(path.join(root, 'clean')));
  });

  it('is not taken at its word once its entries are gone, though dist/ keeps its stamp', async () => {
    const [first] = await stagesOf();
    const post = path.join(content, 'posts', `${syntheticSlug('posts', 1)}.md`);
    await rm(openBuildState(cacheDir, out()).dist.headerFile.replace(/\.json$/, '.files'), {
      recursive: true,
    });
    await writeFile(
      post,
      (await readFile(post, 'utf8')).replace(/^title: .*$/m, 'title: A post retitled'),
    );
    const [edited] = await stagesOf();
    // Checked against a manifest that lists nothing: every file is written again, and dist/'s size counted afresh.
    expect(edited).toMatchObject({
      written: first.files,
      files: (await fg('**/*', { cwd: out() })).length,
      bytes: await sizeOf(out()),
    });
    await clean('clean');
    expect(await digest(out())).toEqual(await digest(path.join(root, 'clean')));
  });

  it('is never taken for a write that stopped halfway, should the content go back to what dist/ was built from', async () => {
    await stagesOf();
    const expected = await digest(out());
    const glossary = path.join(content, 'glossary', `${syntheticSlug('glossary', 1)}.md`);
    const text = await readFile(glossary, 'utf8');
    await writeFile(glossary, text.replace(/^title: .*$/m, 'title: A renamed term'));
    const stopped = build({
      contentDir: content,
      outDir: out(),
      cacheDir,
      progress: (stage, done, total) => {
        if (stage === 'write' && done === total - 1) throw new Error('stopped');
      },
    });
    await expect(stopped).rejects.toThrow('stopped');
    expect(await digest(out())).not.toEqual(expected);
    expect(
      readManifest(openBuildState(cacheDir, out()).dist.header, out())?.inputs,
    ).toBeUndefined();
    await writeFile(glossary, text);
    const [, stages] = await stagesOf();
    expect(stages.has('write')).toBe(true);
    expect(await digest(out())).toEqual(expected);
  });
});

describe('incremental builds', () => {
  it("keep a record's own files in its shard of the manifest, and no other file there", async () => {
    await cached('shards');
    const out = path.join(root, 'shards');
    const { records } = JSON.parse(
      await readFile(path.join(out, 'api', 'v1', 'manifest.json'), 'utf8'),
    ) as { records: { collection: CollectionKey; slug: string }[] };
    const ofRecords = new Set(records.flatMap((record) => recordFiles(record)));
    const files = await fg('**/*', { cwd: out });
    expect(files.filter((file) => fileShard(file) !== SITE_SHARD).sort()).toEqual(
      [...ofRecords].sort(),
    );
    const listed = openBuildState(cacheDir, out).dist.entries({ shardOf: fileShard });
    expect([...listed.keysOf(SITE_SHARD)].sort()).toEqual(
      files.filter((file) => !ofRecords.has(file)).sort(),
    );
  });

  it('give exactly the output of a clean build, before and after a one-file change', async () => {
    await cached('cold');
    await cached('warm');
    await clean('clean');
    expect(await digest(path.join(root, 'warm'))).toEqual(await digest(path.join(root, 'clean')));

    // A new title changes the record's own files and every page that shows it: lists, indexes, cross-references.
    const glossary = path.join(content, 'glossary', `${syntheticSlug('glossary', 1)}.md`);
    await writeFile(
      glossary,
      (await readFile(glossary, 'utf8')).replace(/^title: .*$/m, 'title: A renamed term'),
    );
    await cached('changed-cached');
    await clean('changed-clean');
    const changed = await digest(path.join(root, 'changed-cached'));
    expect(changed).toEqual(await digest(path.join(root, 'changed-clean')));
    const before = await digest(path.join(root, 'clean'));
    const differing = Object.keys(changed).filter((f) => changed[f] !== before[f]);
    expect(differing).toEqual(
      expect.arrayContaining([
        `threats/${syntheticSlug('threats', 1)}/index.html`,
        'glossary/index.html',
        'llms.txt',
        'assets/search-index.json',
      ]),
    );
  });

  it("take llms-full.txt's unchanged parts from the file dist/ holds, their list kept beside a manifest that stays small", async () => {
    const out = path.join(root, 'parts');
    const full = path.join(out, 'llms-full.txt');
    const manifest = openBuildState(cacheDir, out).dist;
    const post = (i: number) => path.join(content, 'posts', `${syntheticSlug('posts', i)}.md`);
    const summarize = async (i: number, summary: string) =>
      writeFile(
        post(i),
        (await readFile(post(i), 'utf8')).replace(/^summary: .*$/m, `summary: ${summary}`),
      );
    await cached('parts');
    // The site's own files' entries, llms-full.txt's among them (dist-manifest.ts, fileShard).
    const filesLog = path.join(
      manifest.headerFile.replace(/\.json$/, '.files'),
      `${SITE_SHARD}.log`,
    );
    const logSize = (await stat(filesLog)).size;
    // A mark of the same length in the part of a record nothing changes, with the manifest told of the file's new time: a part copied keeps it, a part made again loses it.
    const unchanged = `Synthetic posts record number 2 about`;
    const text = await readFile(full, 'utf8');
    const at = text.indexOf(unchanged, text.indexOf(`/posts/${syntheticSlug('posts', 2)}/ -->`));
    expect(at).toBeGreaterThan(0);
    await writeFile(
      full,
      text.slice(0, at) + unchanged.toUpperCase() + text.slice(at + unchanged.length),
    );
    const entries = manifest.entries({ shardOf: fileShard });
    entries.set('llms-full.txt', {
      ...entries.get('llms-full.txt')!,
      mtimeMs: (await stat(full)).mtimeMs,
    });
    entries.save();
    for (let i = 0; i < 4; i++) {
      await summarize(1, `An edited summary of the first synthetic post, round ${i} of four.`);
      await cached('parts');
      const now = await readFile(full, 'utf8');
      expect(now).toContain(`round ${i} of four`);
      expect(now).toContain(unchanged.toUpperCase());
    }
    // Four rewrites of llms-full.txt appended a few short lines each: none holds its list of parts.
    const log = await readFile(filesLog);
    const lines = log.toString().split('\n');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThan(500);
    // Each build's static search index is a folder of files of its own, a line each.
    const appended = log.subarray(logSize).toString().split('\n');
    expect(
      appended.filter((line) => !line.includes(STATIC_SEARCH_FOLDER.slice(1))).join('\n').length,
    ).toBeLessThan(4 * 2000);
    // A list not the one the manifest's entry was written with (a part's length changed): not taken, the file made whole again.
    manifest.partLists.write(
      'llms-full.txt',
      manifest.partLists
        .read('llms-full.txt')!
        .replace(/"bytes":(\d+)\}/, (_, length: string) => `"bytes":${Number(length) + 1}}`),
    );
    await summarize(
      1,
      'An edited summary of the first synthetic post, with a list of parts not its own.',
    );
    await cached('parts');
    await clean('parts-clean');
    expect(await digest(out)).toEqual(await digest(path.join(root, 'parts-clean')));
    // Without the list, no part is known: the file is made whole again, as a clean build makes it.
    await rm(path.join(manifest.headerFile.replace(/\.json$/, '.parts'), 'llms-full.txt.json'));
    await summarize(
      1,
      'An edited summary of the first synthetic post, after the list of parts went.',
    );
    await cached('parts');
    await clean('parts-clean');
    expect(await digest(out)).toEqual(await digest(path.join(root, 'parts-clean')));
  });

  it('make the pages and documents of records kept from the last build whole, their long fields read back from the cache', async () => {
    // The shipped records: their prose fields are longer than the last analyses keep (last-analyses.ts).
    const shipped = path.join(root, 'shipped');
    await cp(path.join(project, 'content'), shipped, { recursive: true });
    const threat = path.join(shipped, 'threats', 'adversary-in-the-middle-phishing.md');
    expect(
      (await readFile(threat, 'utf8')).match(/^howItWorks: (.*)$/m)![1]!.length,
    ).toBeGreaterThan(400);
    // An app guide that cites it, with lists of long items (risks, policies).
    expect(
      (await readFile(path.join(shipped, 'apps', 'microsoft-365.md'), 'utf8')).match(
        /^relatedThreats: .*adversary-in-the-middle-phishing/m,
      ),
    ).not.toBeNull();
    const out = path.join(root, 'shipped-cached');
    const cachedShipped = () => build({ contentDir: shipped, outDir: out, cacheDir });
    const expectClean = async (name: string) => {
      await build({ contentDir: shipped, outDir: path.join(root, name) });
      expect(await digest(out)).toEqual(await digest(path.join(root, name)));
    };
    await cachedShipped();
    // A new title: the pages of the records that cite the threat (kept from the last build) are made again, whole.
    await writeFile(
      threat,
      (await readFile(threat, 'utf8')).replace(/^title: .*$/m, 'title: A renamed phishing proxy'),
    );
    const summary = await cachedShipped();
    expect(summary.changed).toEqual(
      expect.arrayContaining(['apps/microsoft-365/index.html', 'apps/microsoft-365/index.html.md']),
    );
    await expectClean('shipped-retitled');
    // A kept record's document, removed by hand (and dist/ touched, so the build checks its files), is made again whole.
    await rm(path.join(out, 'api', 'v1', 'apps', 'microsoft-365.json'));
    await touch(out);
    expect(await cachedShipped()).toMatchObject({ written: 1 });
    await expectClean('shipped-document');
  });

  it('check unchanged files again once the records they could name changed: a deleted record fails the build over references and links to it', async () => {
    const post = path.join(content, 'posts', `${syntheticSlug('posts', 1)}.md`);
    const target = syntheticSlug('threats', 2);
    await writeFile(
      post,
      `${await readFile(post, 'utf8')}\nSee [the threat](/threats/${target}/).\n`,
    );
    await cached('checked');
    // Nothing changed in the files that name the threat; only the threat is gone.
    await rm(path.join(content, 'threats', `${target}.md`));
    const failure = await cached('checked').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContentError);
    const message = (failure as ContentError).message;
    expect(message).toContain(`links to /threats/${target}/`);
    expect(message).toMatch(
      new RegExp(
        `apps/${syntheticSlug('apps', 2)}\\.md:\\d+: relatedThreats\\.0: "${target}" is not a record of threats`,
      ),
    );
  });

  it('update one dist/ in place through edits, deletions and renames, always equal to a clean build', async () => {
    // The size each build reports is dist/'s, whether counted file by file or from the manifest's by what changed.
    const same = async () => {
      const summary = await cached('in-place');
      expect(summary.bytes).toBe(await sizeOf(path.join(root, 'in-place')));
      return summary;
    };
    const expectClean = async (name: string) => {
      await clean(name);
      expect(await digest(path.join(root, 'in-place'))).toEqual(
        await digest(path.join(root, name)),
      );
    };
    expect((await same()).written).toBeGreaterThan(100);
    expect(await same()).toMatchObject({ written: 0, deleted: 0 });

    const post = (i: number) => path.join(content, 'posts', `${syntheticSlug('posts', i)}.md`);
    await writeFile(
      post(0),
      (await readFile(post(0), 'utf8')).replace(
        /^summary: .*$/m,
        'summary: A new summary for the first post.',
      ),
    );
    const edited = await same();
    expect(edited.written).toBeGreaterThan(0);
    expect(edited.written).toBeLessThan(30);
    // The sitemap shows no summary, and _redirects nothing but the records' names: neither is made again.
    expect(edited.changed).not.toEqual(expect.arrayContaining(['sitemap.xml']));
    expect(edited.changed).not.toEqual(expect.arrayContaining(['_redirects']));
    await expectClean('after-edit');
    // The home page shows the newest posts, so what it shows of them is in its signature...
    const home = () => readFile(path.join(root, 'in-place', 'index.html'), 'utf8');
    expect(await home()).toContain('A new summary for the first post.');
    // ...and the threats the app guides and AI risks cite most: an app citing another threat changes them.
    const app = path.join(content, 'apps', `${syntheticSlug('apps', 0)}.md`);
    await writeFile(
      app,
      (await readFile(app, 'utf8')).replace(
        /^relatedThreats:\n(?: {2}- .*\n)+/m,
        `relatedThreats: [${syntheticSlug('threats', 3)}]\n`,
      ),
    );
    await same();
    await expectClean('after-citation');
    expect(await home()).toContain('Cited by 3 app and AI risk pages');

    // A title other pages show: the records that link to it, the lists and llms-full.txt change with it.
    const term = path.join(content, 'glossary', `${syntheticSlug('glossary', 1)}.md`);
    await writeFile(
      term,
      (await readFile(term, 'utf8')).replace(/^title: .*$/m, 'title: A renamed term'),
    );
    await same();
    await expectClean('after-title');
    const linking = await readFile(
      path.join(root, 'in-place', 'threats', syntheticSlug('threats', 1), 'index.html'),
      'utf8',
    );
    expect(linking).toContain('A renamed term');

    // The pricing page is made from pricing.yaml alone (its signature): a new price shows there.
    const pricing = path.join(content, 'pricing.yaml');
    await writeFile(pricing, (await readFile(pricing, 'utf8')).replace(/^( +price:) 9$/m, '$1 12'));
    expect((await same()).changed).toEqual(expect.arrayContaining(['pricing/index.html']));
    await expectClean('after-pricing');
    expect(await readFile(path.join(root, 'in-place', 'pricing', 'index.html'), 'utf8')).toContain(
      '$12',
    );

    // A body alone: its page, twin and record, and the full-text file, nothing that lists summaries.
    await writeFile(
      post(1),
      `${await readFile(post(1), 'utf8')}\nA closing paragraph added later.\n`,
    );
    const bodyEdit = await same();
    expect(bodyEdit.written).toBeLessThanOrEqual(5);
    await expectClean('after-body');

    // The record's page, twin and document, and of the static search index the files the new header no longer names: its files of stored fields that held the records after the one deleted, and the term files and meta file whose bytes changed (the others keep their names).
    const header = async () =>
      JSON.parse(
        await readFile(path.join(root, 'in-place', STATIC_SEARCH_HEADER.slice(1)), 'utf8'),
      ) as StaticSearchHeader;
    const namedBy = ({ meta, termFiles, documentFiles }: StaticSearchHeader) => [
      meta,
      ...termFiles.map(([, name]) => name),
      ...documentFiles,
    ];
    const before = await header();
    await rm(post(3));
    const deleted = (await same()).deleted;
    const after = await header();
    const renamed = namedBy(before).filter((name) => !namedBy(after).includes(name));
    expect(renamed.length).toBeGreaterThan(0);
    expect(renamed.length).toBeLessThan(namedBy(before).length);
    expect(deleted).toBe(3 + renamed.length);
    expect(
      await fg(`${STATIC_SEARCH_FOLDER.slice(1)}/*`, { cwd: path.join(root, 'in-place') }),
    ).toHaveLength(namedBy(after).length);
    await expectClean('after-delete');
    // The cache's links to dist/ (dist-links.ts) lose the deleted record's files and folders too.
    await expectLinksMirror('in-place');

    await rename(post(2), path.join(content, 'posts', 'a-renamed-post.md'));
    await same();
    await expectClean('after-rename');

    // A file left right in dist/ changes dist/'s own time: the next build checks every file, and what was changed or left by hand goes.
    const page = path.join(root, 'in-place', 'posts', 'a-renamed-post', 'index.html');
    await writeFile(page, 'edited by hand');
    await writeFile(path.join(root, 'in-place', 'stray.txt'), 'left behind');
    expect(await same()).toMatchObject({ written: 1, deleted: 1 });
    await expectClean('after-hand-edits');

    // A term file of the static index gone by hand while its header stays as written (and dist/'s own time changed, so the build looks): the files the header names are made again for it alone.
    const { termFiles } = await header();
    await rm(path.join(root, 'in-place', staticSearchFile(termFiles.at(-1)![1]).slice(1)));
    await writeFile(path.join(root, 'in-place', 'stray.txt'), 'left behind');
    await rm(path.join(root, 'in-place', 'stray.txt'));
    expect(await same()).toMatchObject({
      written: 1,
      deleted: 0,
      changed: [staticSearchFile(termFiles.at(-1)![1]).slice(1)],
    });
    await expectClean('after-term-file-gone');
  });

  it("keep their analyses in two packs and a log of the last ones, none growing with edits; a damaged cache costs analysis, never correctness, the records' versions kept included", async () => {
    const cacheFiles = () => fg('analyses/**/*', { cwd: cacheDir, stats: true });
    // The records kept for the next build hold each one's version in the manifest of versions (render/record-signatures.ts).
    const { headerFile } = openBuildState(cacheDir, path.join(root, 'packed')).dist;
    const keptRecords = path.relative(cacheDir, headerFile.replace(/\.json$/, '.records.txt'));
    const packs = async () => [
      ...(await cacheFiles()).filter((f) =>
        /^(fields-|bodies-|last-analyses)/.test(path.basename(f.path)),
      ),
      { path: keptRecords },
    ];
    await cached('packed');
    const first = await cacheFiles();
    const generation = path.dirname(first.find((f) => f.path.endsWith('last-analyses.log'))!.path);
    // Beside each pack, its index: a folder of shards, the pack's own keys apart.
    const layout = (files: typeof first) =>
      [
        ...new Set(
          files.map((f) =>
            path
              .relative(generation, f.path)
              .replace(/^(bodies|fields)-.*/, '$1-<pack>')
              .replace(/\/k[0-9a-f]{2}\.log$/, '/<shard>.log'),
          ),
        ),
      ].sort();
    expect(layout(first)).toEqual([
      'bodies-<pack>',
      'bodies.index/<shard>.log',
      'bodies.index/pack.log',
      'bodies.index/sizes.json',
      'fields-<pack>',
      'fields.index/<shard>.log',
      'fields.index/pack.log',
      'fields.index/sizes.json',
      'last-analyses.log',
    ]);
    const firstSize = first.reduce((n, f) => n + f.stats!.size, 0);

    // A build after one edit reads the index's shards of the entries it asks for, not the others: every shard damaged to its same length (its last line's key unreadable), the build rewrites those it read, without the damage, and leaves the rest as they were.
    const shards = first
      .filter((f) => /\.index\/k[0-9a-f]{2}\.log$/.test(f.path))
      .map((f) => path.join(cacheDir, f.path));
    for (const shard of shards) {
      const bytes = await readFile(shard);
      bytes[bytes.lastIndexOf(0x0a, bytes.length - 2) + 1] = 0x78;
      await writeFile(shard, bytes);
    }
    const onePost = (await fg('posts/*.md', { cwd: content, absolute: true })).sort()[0]!;
    const onePostText = await readFile(onePost, 'utf8');
    const recordsBefore = await readFile(path.join(cacheDir, keptRecords), 'utf8');
    // A new title: the pages that show it are made again.
    await writeFile(
      onePost,
      onePostText.replace(/^title: .*$/m, 'title: A title read from few shards'),
    );
    await cached('packed');
    // The records kept gain a block of the lines that changed, rather than all written again.
    const recordsAfter = await readFile(path.join(cacheDir, keptRecords), 'utf8');
    expect(recordsAfter.startsWith(recordsBefore)).toBe(true);
    expect(recordsAfter.slice(recordsBefore.length)).toMatch(/^\{"changed":[1-9]/);
    const damaged = async (shard: string) => {
      const bytes = await readFile(shard);
      return bytes[bytes.lastIndexOf(0x0a, bytes.length - 2) + 1] === 0x78;
    };
    const read = (await Promise.all(shards.map(damaged))).filter((still) => !still).length;
    expect(read).toBeLessThan(shards.length / 3);
    await clean('packed-one-edit');
    expect(await digest(path.join(root, 'packed'))).toEqual(
      await digest(path.join(root, 'packed-one-edit')),
    );
    await writeFile(onePost, onePostText);

    const posts = (await fg('posts/*.md', { cwd: content, absolute: true })).sort();
    const texts = await Promise.all(posts.map((post) => readFile(post, 'utf8')));
    for (let i = 0; i < 12; i++) {
      await Promise.all(
        posts.map((post, p) =>
          writeFile(post, `${texts[p]}\nEdit number ${i}, a paragraph of its own.\n`),
        ),
      );
      await cached('packed');
    }
    const later = await cacheFiles();
    expect(layout(later)).toEqual(layout(first));
    // Entries of the edited file's earlier versions are dropped once they make up half a pack.
    expect(later.reduce((n, f) => n + f.stats!.size, 0)).toBeLessThan(firstSize * 2.2);

    // Bytes changed inside each pack and the log, then each cut short: the next builds analyze again what they cannot read.
    for (const pack of await packs()) {
      const bytes = await readFile(path.join(cacheDir, pack.path));
      bytes.fill(120, Math.floor(bytes.length / 3), Math.floor(bytes.length / 3) + 2000);
      await writeFile(path.join(cacheDir, pack.path), bytes);
    }
    await rm(path.join(root, 'packed'), { recursive: true });
    await cached('packed');
    await clean('packed-clean');
    expect(await digest(path.join(root, 'packed'))).toEqual(
      await digest(path.join(root, 'packed-clean')),
    );
    for (const pack of await packs())
      await writeFile(
        path.join(cacheDir, pack.path),
        (await readFile(path.join(cacheDir, pack.path))).subarray(0, 1000),
      );
    await rm(path.join(root, 'packed'), { recursive: true });
    await cached('packed');
    expect(await digest(path.join(root, 'packed'))).toEqual(
      await digest(path.join(root, 'packed-clean')),
    );
  });

  it("keep one long-lived builder's dist/ equal to a clean build, writing an edited record's own files first and those alone", async () => {
    const { builder, during, ran } = devBuilder('write');
    const post = (i: number) => path.join(content, 'posts', `${syntheticSlug('posts', i)}.md`);
    const named = (i: number) => `posts/${syntheticSlug('posts', i)}.md`;
    const ownFiles = (collection: string, slug: string) => [
      `api/v1/${collection}/${slug}.json`,
      `${collection}/${slug}/index.html`,
      `${collection}/${slug}/index.html.md`,
    ];
    const own = (i: number) => ownFiles('posts', syntheticSlug('posts', i));
    const expectClean = async (name: string) => {
      await clean(name);
      expect(await digest(path.join(root, 'dev'))).toEqual(await digest(path.join(root, name)));
    };
    // Before a first build it knows nothing to write from.
    expect(builder.writeEditedRecords([named(0)])).toBeUndefined();
    await builder.build();

    await writeFile(
      post(0),
      (await readFile(post(0), 'utf8')).replace(
        /^summary: .*$/m,
        'summary: A summary written while npm run dev runs.',
      ),
    );
    expect(builder.writeEditedRecords([named(0)])?.sort()).toEqual(own(0).sort());
    const early = await digest(path.join(root, 'dev'));
    const rest = await builder.build();
    // The whole build finds the record's files as they must be and writes only what lists the summary.
    expect(rest.changed).not.toEqual(expect.arrayContaining([own(0)[0]]));
    expect(rest.changed).toEqual(
      expect.arrayContaining(['posts/index.html', 'assets/search-index.json']),
    );
    await expectClean('dev-after-edit');
    for (const file of own(0))
      expect(early[file], file).toEqual((await digest(path.join(root, 'dev')))[file]);

    // A title other records show: their pages wait for the whole build, which brings them in line.
    const term = path.join(content, 'glossary', `${syntheticSlug('glossary', 1)}.md`);
    await writeFile(
      term,
      (await readFile(term, 'utf8')).replace(/^title: .*$/m, 'title: A term renamed in dev'),
    );
    expect(
      builder.writeEditedRecords([`glossary/${syntheticSlug('glossary', 1)}.md`]),
    ).toHaveLength(3);
    await builder.build();
    await expectClean('dev-after-title');

    // An edit written ahead while a build of older content runs: that build leaves the newer files alone, the next settles the rest.
    const text = await readFile(post(1), 'utf8');
    await writeFile(
      post(1),
      text.replace(/^summary: .*$/m, 'summary: The summary an older build reads.'),
    );
    during(() => {
      writeFileSync(
        post(1),
        text.replace(/^summary: .*$/m, 'summary: The summary written while that build runs.'),
      );
      expect(builder.writeEditedRecords([named(1)])).toHaveLength(3);
    });
    await builder.build();
    expect(ran()).toBe(true);
    expect(await readFile(path.join(root, 'dev', own(1)[0]!), 'utf8')).toContain(
      'written while that build runs',
    );
    await builder.build();
    await expectClean('dev-after-overlap');

    // A new record and a deleted one: their own files, and the rules that route the API to them.
    await writeFile(path.join(content, 'posts', 'a-new-post.md'), await readFile(post(1)));
    expect(builder.writeEditedRecords(['posts/a-new-post.md'])?.sort()).toEqual(
      [...ownFiles('posts', 'a-new-post'), '_redirects'].sort(),
    );
    expect(await readFile(path.join(root, 'dev', '_redirects'), 'utf8')).toContain(
      '/api/v1/posts/a-new-post ',
    );
    await rm(post(3));
    expect(builder.writeEditedRecords([named(3)])?.sort()).toEqual(
      [...own(3), '_redirects'].sort(),
    );
    await expect(readFile(path.join(root, 'dev', own(3)[0]!))).rejects.toThrow();
    await builder.build();
    await expectClean('dev-after-add-and-delete');

    // Only a whole build can take these: a deletion that leaves references behind, a page, an unchanged file, a file with problems.
    const referenced = path.join(content, 'glossary', `${syntheticSlug('glossary', 1)}.md`);
    const kept = await readFile(referenced);
    await rm(referenced);
    expect(
      builder.writeEditedRecords([`glossary/${syntheticSlug('glossary', 1)}.md`]),
    ).toBeUndefined();
    await writeFile(referenced, kept);
    expect(builder.writeEditedRecords(['pages/about.md'])).toBeUndefined();
    expect(builder.writeEditedRecords([named(1), named(2)])).toBeUndefined();
    const broken = (await readFile(post(2), 'utf8')).replace(/^category: .*$/m, 'category: nope');
    await writeFile(post(2), broken);
    expect(builder.writeEditedRecords([named(2)])).toBeUndefined();
    await expect(builder.build()).rejects.toBeInstanceOf(ContentError);
    // After a failed build, nothing is written ahead until a build succeeds.
    await writeFile(
      post(2),
      broken.replace(
        /^category: .*$/m,
        (await readFile(post(1), 'utf8')).match(/^category: .*$/m)![0],
      ),
    );
    expect(builder.writeEditedRecords([named(2)])).toBeUndefined();
    await builder.build();
    await expectClean('dev-after-fix');
  });

  it('make a record written ahead during a build again, should its file go back to the text that build read', async () => {
    const { builder, during, ran } = devBuilder('write');
    const post = path.join(content, 'posts', `${syntheticSlug('posts', 1)}.md`);
    const named = `posts/${syntheticSlug('posts', 1)}.md`;
    const about = path.join(content, 'pages', 'about.md');
    const text = await readFile(post, 'utf8');
    await builder.build();
    // Written ahead while the build writes what it made of the older text, which is what it keeps of the record.
    during(() => {
      writeFileSync(
        post,
        text.replace(/^summary: .*$/m, 'summary: Written ahead while a build writes.'),
      );
      expect(builder.writeEditedRecords([named])).toHaveLength(3);
    });
    await builder.build();
    expect(ran()).toBe(true);
    // Back to the text that build read, with a page edited beside it: nothing is written ahead, and the next build settles both.
    await writeFile(post, text);
    await writeFile(about, `${await readFile(about, 'utf8')}\nOne more line.\n`);
    expect(builder.writeEditedRecords([named, 'pages/about.md'])).toBeUndefined();
    await builder.build();
    await clean('clean');
    expect(await digest(path.join(root, 'dev'))).toEqual(await digest(path.join(root, 'clean')));
  });

  it('write a deletion ahead after an edit written ahead while a build analyzed the older content', async () => {
    const { builder, during, ran } = devBuilder('analyze');
    const post = path.join(content, 'posts', `${syntheticSlug('posts', 0)}.md`);
    const named = `posts/${syntheticSlug('posts', 0)}.md`;
    await builder.build();
    await writeFile(path.join(content, 'posts', 'a-new-post.md'), await readFile(post));
    expect(builder.writeEditedRecords(['posts/a-new-post.md'])).toHaveLength(4);
    await builder.build();

    // Once the build has read every file, before its analysis ends: the build still holds the older text.
    during(() => {
      writeFileSync(
        post,
        readFileSync(post, 'utf8').replace(
          /^summary: .*$/m,
          'summary: Written while the build analyzes.',
        ),
      );
      expect(builder.writeEditedRecords([named])).toHaveLength(3);
    });
    await builder.build();
    expect(ran()).toBe(true);
    // Every record is still known as written ahead, so the deletion of another is written at once too.
    await rm(path.join(content, 'posts', 'a-new-post.md'));
    expect(builder.writeEditedRecords(['posts/a-new-post.md'])).toHaveLength(4);
    await builder.build();
    await clean('clean');
    expect(await digest(path.join(root, 'dev'))).toEqual(await digest(path.join(root, 'clean')));
  });

  /**
   * Edits whose effect reaches pages of other records: a record page shows its neighbours
   * (previous/next), its references and the records that reference it, each with title,
   * summary and link. Each edit returns the content files it changed, as npm run dev's
   * watcher reports them, and pages of other records that must show it (or no longer show it).
   */
  const file = (key: CollectionKey, i: number) =>
    path.join(content, key, `${syntheticSlug(key, i)}.md`);
  const named = (key: CollectionKey, i: number) => `${key}/${syntheticSlug(key, i)}.md`;
  const pageOf = (key: CollectionKey, slug: string) => `${key}/${slug}/index.html`;
  const retitle = async (
    key: CollectionKey,
    i: number,
    field: 'title' | 'summary',
    value: string,
  ) =>
    writeFile(
      file(key, i),
      (await readFile(file(key, i), 'utf8')).replace(
        new RegExp(`^${field}: .*$`, 'm'),
        `${field}: ${value}`,
      ),
    );
  const edits: {
    name: string;
    apply(): Promise<{ changed: string[]; shownOn: string[]; text: string; gone?: boolean }>;
  }[] = [
    {
      // Posts are listed newest first: post 1 stands between posts 2 and 0, and nothing references posts.
      name: "a neighbour's title",
      async apply() {
        await retitle('posts', 1, 'title', 'posts record 1 retitled');
        return {
          changed: [named('posts', 1)],
          shownOn: [
            pageOf('posts', syntheticSlug('posts', 2)),
            pageOf('posts', syntheticSlug('posts', 0)),
          ],
          text: 'posts record 1 retitled',
        };
      },
    },
    {
      name: "a referenced record's title",
      async apply() {
        await retitle('exposures', 1, 'title', 'exposures record 1 retitled');
        return {
          changed: [named('exposures', 1)],
          shownOn: [pageOf('glossary', syntheticSlug('glossary', 1))],
          text: 'exposures record 1 retitled',
        };
      },
    },
    {
      name: "a referenced record's summary",
      async apply() {
        await retitle(
          'glossary',
          1,
          'summary',
          'A glossary summary that the threats and AI risks using this control show.',
        );
        return {
          changed: [named('glossary', 1)],
          shownOn: [
            pageOf('threats', syntheticSlug('threats', 1)),
            pageOf('ai', syntheticSlug('ai', 1)),
          ],
          text: 'A glossary summary that the threats',
        };
      },
    },
    {
      // Apps reference threats: the threat lists the apps exposed to it.
      name: "a referencing record's title",
      async apply() {
        await retitle('apps', 1, 'title', 'apps record 1 retitled');
        return {
          changed: [named('apps', 1)],
          shownOn: [pageOf('threats', syntheticSlug('threats', 1))],
          text: 'apps record 1 retitled',
        };
      },
    },
    {
      // Collection pages show more than the API's summaries: badges, dates and reading times.
      name: "a severity, on the collection's page",
      async apply() {
        await writeFile(
          file('exposures', 0),
          (await readFile(file('exposures', 0), 'utf8')).replace(
            /^severity: .*$/m,
            'severity: critical',
          ),
        );
        return {
          changed: [named('exposures', 0)],
          shownOn: ['exposures/index.html'],
          text: 'Severity: Critical',
        };
      },
    },
    {
      name: "a post's length, on the collection's page",
      async apply() {
        await writeFile(
          file('posts', 0),
          `${await readFile(file('posts', 0), 'utf8')}\n${'More words for a longer read. '.repeat(40)}\n`,
        );
        return {
          changed: [named('posts', 0)],
          shownOn: ['posts/index.html'],
          text: 'Reading time: 5 minutes',
        };
      },
    },
    {
      // Nothing references an AI risk: its deletion changes the records it referenced and its neighbours.
      name: 'a deletion',
      async apply() {
        await rm(file('ai', 2));
        const showedIt = [
          pageOf('glossary', syntheticSlug('glossary', 2)),
          pageOf('threats', syntheticSlug('threats', 2)),
          pageOf('ai', syntheticSlug('ai', 1)),
          pageOf('ai', syntheticSlug('ai', 3)),
        ];
        return {
          changed: [named('ai', 2)],
          shownOn: showedIt,
          text: `/ai/${syntheticSlug('ai', 2)}/`,
          gone: true,
        };
      },
    },
    {
      // Same title, new address: the links of the records it references and of its neighbour change, nothing else.
      name: 'a rename',
      async apply() {
        await rename(file('ai', 3), path.join(content, 'ai', 'a-renamed-risk.md'));
        return {
          changed: [named('ai', 3), 'ai/a-renamed-risk.md'],
          shownOn: [
            pageOf('glossary', syntheticSlug('glossary', 3)),
            pageOf('threats', syntheticSlug('threats', 3)),
            pageOf('ai', syntheticSlug('ai', 2)),
          ],
          text: '/ai/a-renamed-risk/',
        };
      },
    },
  ];

  for (const edit of edits) {
    it(`bring every page that shows another record in line after ${edit.name}, as a clean build`, async () => {
      const out = (name: string) => path.join(root, name);
      await cached('in-place');
      const builder = createBuilder({
        contentDir: content,
        outDir: out('dev'),
        cacheDir: path.join(root, 'dev-cache'),
        longLived: true,
      });
      await builder.build();

      const { changed, shownOn, text, gone } = await edit.apply();
      await cached('in-place');
      // npm run dev: the edited records' own files first, then the whole build.
      expect(builder.writeEditedRecords(changed)).toBeDefined();
      await builder.build();
      await clean('clean');
      const expected = await digest(out('clean'));
      expect(await digest(out('in-place'))).toEqual(expected);
      expect(await digest(out('dev'))).toEqual(expected);
      for (const page of shownOn) {
        const html = await readFile(path.join(out('clean'), page), 'utf8');
        if (gone) expect(html, page).not.toContain(text);
        else expect(html, page).toContain(text);
      }
    });
  }

  it('take dist/ back from its links whole, and look for files nobody listed when the links follow a write that stopped', async () => {
    const out = path.join(root, 'out');
    await cached('out');
    const { dist } = openBuildState(cacheDir, out);
    // A link no manifest lists, as a write that stopped after placing a new file leaves, and a header that names no inputs.
    await writeFile(path.join(dist.links, 'posts', 'left-by-a-stopped-write.html'), 'stray');
    const header = readManifest(dist.header, out)!;
    writeManifest(dist.header, { outDir: header.outDir, generator: header.generator });
    // What a build that stopped while it filled a new links folder left aside.
    await mkdir(path.join(`${dist.links}.new`, 'posts'), { recursive: true });
    await writeFile(path.join(`${dist.links}.new`, 'posts', 'half.html'), 'half');
    await rm(out, { recursive: true });
    await cached('out');
    await clean('clean');
    expect(await digest(out)).toEqual(await digest(path.join(root, 'clean')));
    await expectLinksMirror('out');
  });

  it('take the links of replaced files away on another thread, leaving nothing, not even what a stopped build left', async () => {
    await cached('out');
    const trash = `${openBuildState(cacheDir, path.join(root, 'out')).dist.links}.trash`;
    await mkdir(path.join(trash, '1-stopped'), { recursive: true });
    await writeFile(
      path.join(trash, '1-stopped', '0'),
      'the last link of a file a stopped build replaced',
    );
    const post = path.join(content, 'posts', `${syntheticSlug('posts', 1)}.md`);
    await writeFile(
      post,
      (await readFile(post, 'utf8')).replace(/^title: .*$/m, 'title: A retitled post'),
    );
    expect((await cached('out')).written).toBeGreaterThan(3);
    await vi.waitFor(async () =>
      expect(await fg('**/*', { cwd: trash, onlyFiles: false })).toEqual([
        expect.stringMatching(new RegExp(`^${process.pid}-`)),
      ]),
    );
    await expectLinksMirror('out');
  });

  it('take a record deleted ahead of a build that had already written it as deleted, in the manifest and in the next build', async () => {
    const out = path.join(root, 'ahead');
    const manifest = openBuildState(path.join(root, 'ahead-cache'), out).dist;
    const dist = new DistState(out, manifest, { trusted: true });
    const page = 'posts/gone/index.html';
    dist.begin();
    // Deleted while the write is under way, after it wrote the page: the write that npm run dev's rebuild runs meanwhile.
    await dist.write(
      new Map<string, Output>([
        [page, 'page'],
        ['posts/index.html', 'list'],
        ['posts/kept/index.html', 'kept'],
      ]),
      'first',
      {
        progress: (_stage, done) => {
          if (done === 2) expect(dist.removeSome([page])).toEqual([page]);
        },
      },
    );
    expect([...manifest.entries({ shardOf: fileShard }).keys()].sort()).toEqual([
      'posts/index.html',
      'posts/kept/index.html',
    ]);
    dist.begin();
    await dist.write(
      new Map<string, Output>([
        ['posts/index.html', 'list'],
        ['posts/kept/index.html', 'kept'],
      ]),
      'second',
    );
    expect((await fg('**/*', { cwd: out })).sort()).toEqual([
      'posts/index.html',
      'posts/kept/index.html',
    ]);
  });

  it('write a record ahead again into the folder its deletion ahead took away, within one rebuild', async () => {
    const out = path.join(root, 'again');
    const dist = new DistState(out, openBuildState(path.join(root, 'again-cache'), out).dist, {
      trusted: true,
    });
    const page = 'posts/back/index.html';
    dist.begin();
    await dist.write(new Map<string, Output>([['posts/index.html', 'list']]), 'first');
    dist.begin();
    // npm run dev, while one rebuild runs: the record saved, deleted, then saved again.
    expect(dist.writeSome(new Map<string, Output>([[page, 'edited']]))).toEqual([page]);
    expect(dist.removeSome([page])).toEqual([page]);
    expect(await fg('posts/*', { cwd: out, onlyDirectories: true })).toEqual([]);
    expect(dist.writeSome(new Map<string, Output>([[page, 'back']]))).toEqual([page]);
    expect(await readFile(path.join(out, page), 'utf8')).toBe('back');
  });

  it("carry a record's files only while dist/ holds them under the signatures kept", async () => {
    const threat = path.join(content, 'threats', `${syntheticSlug('threats', 1)}.md`);
    const original = await readFile(threat, 'utf8');
    const kept = openBuildState(cacheDir, path.join(root, 'carried')).records;
    await cached('carried');
    const keptBefore = kept.read()!;
    // A later write changes the record's files and those that show it, and its kept signatures are then lost (a build stopped after its write):
    // the signatures kept are older than dist/. With the record back as it was, they say its files need nothing, and the manifest says otherwise.
    await writeFile(
      threat,
      original.replace(
        /^summary: .*$/m,
        'summary: A later summary of this threat, written and built once, then taken back.',
      ),
    );
    await cached('carried');
    kept.write(keptBefore);
    await writeFile(threat, original);
    await cached('carried');
    await clean('carried-clean');
    expect(await digest(path.join(root, 'carried'))).toEqual(
      await digest(path.join(root, 'carried-clean')),
    );
    // Carried, its twin is llms-full.txt's part as dist/ holds it, should that file be made again; the size of dist/ counts it all the same.
    await rm(path.join(root, 'carried', 'llms-full.txt'));
    const summary = await cached('carried');
    expect(await digest(path.join(root, 'carried'))).toEqual(
      await digest(path.join(root, 'carried-clean')),
    );
    expect(summary.bytes).toBe(await sizeOf(path.join(root, 'carried')));
  });

  it("keep a record's signatures from the last build only for the site settings they were made under", async () => {
    // One cache, one dist/, base URLs one after another: every page shows its address, so every record's files are written again.
    const builtLikeClean = async (baseUrl: string) => {
      await build({ contentDir: content, outDir: path.join(root, 'based'), cacheDir, baseUrl });
      await build({ contentDir: content, outDir: path.join(root, 'based-clean'), baseUrl });
      expect(await digest(path.join(root, 'based'))).toEqual(
        await digest(path.join(root, 'based-clean')),
      );
    };
    await builtLikeClean('https://one.example');
    await builtLikeClean('https://two.example');
    // A record deleted as the settings change: its files are found stale though no kept signature was taken.
    await rm(path.join(content, 'posts', `${syntheticSlug('posts', 1)}.md`));
    await builtLikeClean('https://three.example');
  });

  it('stay equal to a clean build through a random run of edits, additions, deletions and renames, dist/ kept or deleted before each', async () => {
    await writeSyntheticCorpus(content, 6);
    // A fixed seed: a failure is the same on every run (mulberry32).
    let seed = 20261124;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const slugsOf = async (key: CollectionKey) =>
      (await fg('*.md', { cwd: path.join(content, key) })).map((f) => f.slice(0, -3)).sort();
    const fileOf = (key: CollectionKey, slug: string) => path.join(content, key, `${slug}.md`);
    const edit = async (key: CollectionKey, slug: string, change: (text: string) => string) => {
      const text = await readFile(fileOf(key, slug), 'utf8');
      const changed = change(text);
      // An edit that misses its line would test nothing.
      expect(changed, `${key}/${slug}`).not.toEqual(text);
      await writeFile(fileOf(key, slug), changed);
    };
    // Nothing references apps, AI risks or posts: those can go without leaving a reference behind.
    const unreferenced: CollectionKey[] = ['apps', 'ai', 'posts'];
    const everywhere: CollectionKey[] = ['threats', 'glossary', 'exposures', ...unreferenced];
    const references: { key: CollectionKey; field: string; target: CollectionKey }[] = [
      { key: 'threats', field: 'controls', target: 'glossary' },
      { key: 'glossary', field: 'relatedExposures', target: 'exposures' },
      { key: 'apps', field: 'relatedThreats', target: 'threats' },
      { key: 'ai', field: 'relatedThreats', target: 'threats' },
    ];
    const operations: Record<string, () => Promise<string>> = {
      async title() {
        const key = pick(everywhere);
        const slug = pick(await slugsOf(key));
        await edit(key, slug, (text) =>
          text.replace(/^title: .*$/m, `title: ${key} retitled ${Math.floor(random() * 1e6)}`),
        );
        return `title of ${key}/${slug}`;
      },
      async summary() {
        const key = pick(everywhere);
        const slug = pick(await slugsOf(key));
        await edit(key, slug, (text) =>
          text.replace(
            /^summary: .*$/m,
            `summary: A summary rewritten, number ${Math.floor(random() * 1e6)}.`,
          ),
        );
        return `summary of ${key}/${slug}`;
      },
      async date() {
        // A new date moves a record in its collection's order (a post's publication date with it).
        const key = pick(everywhere);
        const slug = pick(await slugsOf(key));
        const date = `2026-0${1 + Math.floor(random() * 9)}-2${Math.floor(random() * 9)}`;
        await edit(key, slug, (text) =>
          text
            .replace(/^lastUpdated: .*$/m, `lastUpdated: ${date}`)
            .replace(/^published: .*$/m, `published: ${date}`),
        );
        return `date of ${key}/${slug}`;
      },
      async reference() {
        const { key, field, target } = pick(references);
        const slug = pick(await slugsOf(key));
        const targets = [...new Set([pick(await slugsOf(target)), pick(await slugsOf(target))])];
        await edit(key, slug, (text) =>
          text.replace(
            new RegExp(`^${field}:(?: \\[.*\\]\\n|\\n(?:  - .*\\n)+)`, 'm'),
            `${field}: [${targets.join(', ')}]\n`,
          ),
        );
        return `${field} of ${key}/${slug}`;
      },
      async body() {
        const key = pick(everywhere);
        const slug = pick(await slugsOf(key));
        await edit(
          key,
          slug,
          (text) => `${text}\nA paragraph added, number ${Math.floor(random() * 1e6)}.\n`,
        );
        return `body of ${key}/${slug}`;
      },
      async add() {
        const key = pick(everywhere);
        const slug = `added-${Math.floor(random() * 1e6)}`;
        await writeFile(
          fileOf(key, slug),
          (await readFile(fileOf(key, pick(await slugsOf(key))), 'utf8')).replace(
            /^title: .*$/m,
            `title: ${key} ${slug}`,
          ),
        );
        return `new ${key}/${slug}`;
      },
      async remove() {
        const key = pick(unreferenced);
        const slugs = await slugsOf(key);
        if (slugs.length < 3) return 'nothing';
        const slug = pick(slugs);
        await rm(fileOf(key, slug));
        return `deletion of ${key}/${slug}`;
      },
      async rename() {
        const key = pick(unreferenced);
        const slug = pick(await slugsOf(key));
        const renamed = `renamed-${Math.floor(random() * 1e6)}`;
        await rename(fileOf(key, slug), fileOf(key, renamed));
        return `rename of ${key}/${slug} to ${renamed}`;
      },
    };
    await cached('in-place');
    await cached('checkout');
    const done: string[] = [];
    for (let step = 0; step < 14; step++) {
      // One or two changes between builds, as a content team's commits come.
      for (let n = 1 + Math.floor(random() * 2); n > 0; n--)
        done.push(await operations[pick(Object.keys(operations))]!());
      await cached('in-place');
      // As a deploy builds: dist/ gone, the cache kept. Its files are linked back from the cache, and only what changed is made.
      await rm(path.join(root, 'checkout'), { recursive: true });
      const checkout = await cached('checkout');
      expect(checkout.written, done.join(', ')).toBeLessThan(checkout.files / 2);
      await clean('random-clean');
      const expected = await digest(path.join(root, 'random-clean'));
      expect(await digest(path.join(root, 'in-place')), done.join(', ')).toEqual(expected);
      expect(await digest(path.join(root, 'checkout')), done.join(', ')).toEqual(expected);
      await expectLinksMirror('in-place', done.join(', '));
      await expectLinksMirror('checkout', done.join(', '));
    }
  });

  it('still reports every problem of a file that comes from the cache', async () => {
    const file = path.join(content, 'threats', `${syntheticSlug('threats', 0)}.md`);
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(/^category: .*$/m, 'category: nope'),
    );
    const problems = async () => {
      try {
        await cached('out');
      } catch (error) {
        return (error as ContentError).problems;
      }
      throw new Error('expected the build to fail');
    };
    const first = await problems();
    expect(first.length).toBeGreaterThan(0);
    expect(await problems()).toEqual(first);
  });
});

describe('the fingerprinted stylesheet and scripts', () => {
  it('take a new name with a changed stylesheet: every page names it, the old file is deleted, the rest of dist/ is a clean build', async () => {
    // The generator reads its assets and hashes its sources in GENERATOR_PROJECT_DIR: a copy whose stylesheet the test edits.
    const generator = path.join(root, 'generator-copy');
    for (const part of ['generator', 'core', 'package-lock.json'])
      await cp(path.join(project, part), path.join(generator, part), { recursive: true });
    const dist = path.join(root, 'dist');
    const buildWith = (out: string, ...cache: string[]) =>
      run(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(project, 'generator', 'cli.ts'),
          '--content',
          content,
          '--out',
          out,
          ...cache,
        ],
        { cwd: project, env: { ...process.env, GENERATOR_PROJECT_DIR: generator } },
      );
    const stylesheets = async (dir: string) => fg('assets/site.*.css', { cwd: dir });

    await buildWith(dist, '--cache-dir', cacheDir);
    const [before] = await stylesheets(dist);
    expect(before).toMatch(/^assets\/site\.[0-9a-f]{8}\.css$/);

    const css = path.join(generator, 'generator', 'render', 'assets', 'site.css');
    await writeFile(css, `${await readFile(css, 'utf8')}\n.changed { color: inherit; }\n`);
    await buildWith(dist, '--cache-dir', cacheDir);
    const after = await stylesheets(dist);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/^assets\/site\.[0-9a-f]{8}\.css$/);
    expect(after[0]).not.toBe(before);
    expect(await readFile(path.join(dist, after[0]!), 'utf8')).toContain('.changed {');

    const pages = await fg('**/*.html', { cwd: dist, ignore: ['_data/**'] });
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) {
      const html = await readFile(path.join(dist, page), 'utf8');
      expect(html, page).toContain(`<link rel="stylesheet" href="/${after[0]}">`);
      expect(html, page).not.toContain(before);
    }

    const clean = path.join(root, 'clean');
    await buildWith(clean, '--no-cache');
    expect(await digest(dist)).toEqual(await digest(clean));
  });
});
