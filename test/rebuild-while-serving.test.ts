import { execFile } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, MIN_BODY_WORDS } from '../generator/model/schemas/content.ts';
import { paths, twinPath } from '../core/paths.ts';
import { openBuildState } from '../generator/cache/build-state.ts';
import { writeManifest } from '../generator/write/dist-manifest.ts';
import { followBuilds } from '../server/follow-builds.ts';
import {
  prepareSite,
  startHost,
  type HostProcess,
  type ServedSite,
} from './support/host-process.ts';
import { recordFile, syntheticSlug } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/**
 * `npm run build` of the folder `npm start` serves, for its address, while it runs: from the
 * first request after the build, every answer is the new build's (the record's document,
 * page and twin, which are files, and the lists and search, which the functions answer from
 * the data they loaded), with no restart. A cached build writes the folder in place; a
 * `--no-cache` build swaps a new folder in.
 */
const run = promisify(execFile);
const project = path.resolve(import.meta.dirname, '..');
const PER_COLLECTION = 3;
const SLUG = 'rebuilt-while-serving';
/** A word no synthetic record holds (in its summary, which search indexes), so a search finds the new record alone. */
const WORD = 'quokkaloft';

let site: ServedSite;
let host: HostProcess;

beforeAll(async () => {
  site = await prepareSite(PER_COLLECTION);
  host = await startHost('server/start.ts', site);
}, 180_000);

afterAll(async () => {
  await host?.stop();
});

/** The real command, with the cache npm start uses (the default one), into the folder it serves. */
async function npmRunBuild(...extra: string[]): Promise<void> {
  await run(
    'npm',
    [
      'run',
      '-s',
      'build',
      '--',
      '--content',
      site.contentDir,
      '--out',
      site.distDir,
      '--base-url',
      host.url,
      ...extra,
    ],
    { cwd: project },
  );
}

const get = (urlPath: string, headers: Record<string, string> = {}) =>
  fetch(new URL(urlPath, host.url), { headers });

interface Listed {
  total: number;
  data: { slug?: string; id?: string; url?: string }[];
}

const names = (list: Listed) => JSON.stringify(list.data);

/** Where the record shows, each answer asked afresh. */
async function sightings() {
  const record = await get(paths.apiRecord('threats', SLUG));
  const page = await get(paths.recordPage('threats', SLUG));
  const twin = await get(twinPath(paths.recordPage('threats', SLUG)));
  const list = (await (await get(paths.apiList('threats'))).json()) as Listed;
  // The record sorts somewhere among PER_COLLECTION + 1: pages of one, each asked, find it once.
  let paged = 0;
  for (let offset = 0; offset <= PER_COLLECTION; offset++) {
    const page = (await (
      await get(`${paths.apiList('threats')}?limit=1&offset=${offset}`)
    ).json()) as Listed;
    if (names(page).includes(SLUG)) paged++;
  }
  const search = (await (await get(`${paths.apiSearch}?q=${WORD}`)).json()) as Listed;
  const searchPage = await (await get(`/search/?q=${WORD}`)).text();
  return {
    record: record.status,
    page: page.status,
    twin: twin.status,
    listTotal: list.total,
    inList: names(list).includes(SLUG),
    paged,
    searchTotal: search.total,
    inSearch: names(search).includes(SLUG),
    onSearchPage: searchPage.includes(`/threats/${SLUG}/`),
  };
}

describe('npm run build of the folder npm start serves, while it serves', () => {
  it('serves an added record everywhere from the next request, then a removed one nowhere', async () => {
    const absent = {
      record: 404,
      page: 404,
      twin: 404,
      listTotal: PER_COLLECTION,
      inList: false,
      paged: 0,
      searchTotal: 0,
      inSearch: false,
      onSearchPage: false,
    };
    expect(await sightings()).toEqual(absent);

    const body = `## Section\n\n${'sandbox '.repeat(MIN_BODY_WORDS.threats + 10)}.\n`;
    await writeFile(
      path.join(site.contentDir, 'threats', `${SLUG}.md`),
      recordFile(
        {
          title: 'Rebuilt while serving',
          category: CATEGORIES.threats[0],
          summary: `A ${WORD} threat added while the server runs.`,
          lastUpdated: '2026-03-01',
          howItWorks: 'It arrives with a build made while the server answers.',
          controls: [syntheticSlug('glossary', 0)],
        },
        body,
      ),
    );
    // Not served before a build: the server follows builds, not the content.
    expect((await get(paths.apiRecord('threats', SLUG))).status).toBe(404);

    await npmRunBuild();
    expect(await sightings()).toEqual({
      record: 200,
      page: 200,
      twin: 200,
      listTotal: PER_COLLECTION + 1,
      inList: true,
      paged: 1,
      searchTotal: 1,
      inSearch: true,
      onSearchPage: true,
    });

    await rm(path.join(site.contentDir, 'threats', `${SLUG}.md`));
    await npmRunBuild('--no-cache');
    expect(await sightings()).toEqual(absent);
    expect(host.output()).toContain('Serving the new build');
  }, 180_000);
});

describe('followBuilds', () => {
  /** Apps that answer `/` with the number of the load that made them, and `/new` with 404 until the second. */
  async function following(options?: { buildWaitMs: number }) {
    const root = await temporaryDirectory('follow-');
    const distDir = path.join(root, 'dist');
    const cacheDir = path.join(root, 'cache');
    await mkdir(distDir);
    const manifest = openBuildState(cacheDir, distDir).dist.header;
    writeManifest(manifest, { outDir: distDir, inputs: 'first' });
    let loads = 0;
    const app = await followBuilds(
      distDir,
      cacheDir,
      async () => {
        const made = ++loads;
        return Object.assign(
          async (request: Request) =>
            new URL(request.url).pathname === '/new' && made < 2
              ? new Response('missing', { status: 404 })
              : new Response(String(made)),
          { docs: '' },
        );
      },
      options,
    );
    const ask = (urlPath = '/') => app(new Request(`http://localhost${urlPath}`));
    const answer = async (urlPath = '/') => (await ask(urlPath)).text();
    return { distDir, manifest, ask, answer };
  }

  it('keeps the last finished build while a cached build writes, and takes the new one once it is done', async () => {
    const { distDir, manifest, answer } = await following();
    expect(await answer()).toBe('1');
    // What a cached build writes before its first change to dist/: no inputs named.
    writeManifest(manifest, { outDir: distDir });
    expect(await answer()).toBe('1');
    expect(await answer()).toBe('1');
    writeManifest(manifest, { outDir: distDir, inputs: 'second' });
    expect(await answer()).toBe('2');
    expect(await answer()).toBe('2');
  });

  it('asks a 404 met while a cached build writes again once the build is over, with no request to see it end', async () => {
    const { distDir, manifest, ask, answer } = await following();
    writeManifest(manifest, { outDir: distDir });
    let settled = false;
    const held = ask('/new').then((response) => {
      settled = true;
      return response;
    });
    // Other answers go on meanwhile, from the last finished build.
    expect(await answer()).toBe('1');
    expect(await answer()).toBe('1');
    expect(settled).toBe(false);
    writeManifest(manifest, { outDir: distDir, inputs: 'second' });
    const response = await held;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('2');
  });

  it('stops holding answers for a build that does not finish, and waits no more for it', async () => {
    const { distDir, manifest, ask, answer } = await following({ buildWaitMs: 300 });
    writeManifest(manifest, { outDir: distDir });
    expect((await ask('/new')).status).toBe(404);
    expect((await ask('/new')).status).toBe(404);
    expect(await answer()).toBe('1');
    writeManifest(manifest, { outDir: distDir, inputs: 'second' });
    expect(await answer()).toBe('2');
  });

  it('takes a dist/ swapped in by a build without the cache', async () => {
    const { distDir, answer } = await following();
    await rename(distDir, `${distDir}.old`);
    await mkdir(distDir);
    expect(await answer()).toBe('2');
    expect(await answer()).toBe('2');
  });
});
