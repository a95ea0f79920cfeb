import { createHash } from 'node:crypto';
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentClient, type SyncState } from '../client/index.js';
import { paths } from '../core/paths.ts';
import { build } from '../generator/build.ts';
import { DEFAULT_CACHE_DIR } from '../generator/cache/build-state.ts';
import { caddyConfig } from '../generator/mirror/caddy-config.ts';
import { mirrorPlan } from '../generator/mirror/mirror-plan.ts';
import { nginxConfig } from '../generator/mirror/nginx-config.ts';
import { precompress } from '../generator/mirror/precompress.ts';
import { denoAvailable } from '../server/deno.ts';
import { prepareSite, type ServedSite, startHost } from './support/host-process.ts';
import {
  CADDY,
  freePort,
  NGINX,
  serverAvailable,
  startCaddy,
  startNginx,
} from './support/mirror-servers.ts';
import { syntheticSlug } from './support/synthetic-corpus.ts';

/**
 * The typed client's sync() against every host, as a client keeping a copy meets it: a
 * first sync fetches everything, an unchanged poll is one 304, and after records are
 * edited, deleted and added between builds only the manifest and those records are
 * fetched; a sync stopped halfway resumes without fetching again what it had. `npm start`
 * follows the builds of the folder it serves; Netlify's emulator and the mirrors are
 * started again on each build, as a deploy, or a mirror's config written anew, serves it.
 */
const BASE_URL = 'https://detour.example';
const PER_COLLECTION = 3;

interface Served {
  url: string;
  stop(): Promise<void>;
}

interface SyncHost {
  name: string;
  available: boolean;
  /** Serves the site as last built. */
  start(site: ServedSite): Promise<Served>;
  /** Whether a new build is served only once the host is started again. */
  restarts: boolean;
}

const mirrorHost = (
  name: string,
  binary: string,
  config: (plan: Awaited<ReturnType<typeof mirrorPlan>>, listen: string) => string,
  start: (config: string, port: number) => Promise<Served>,
): SyncHost => ({
  name,
  available: serverAvailable(binary, name.toLowerCase()),
  restarts: true,
  async start(site) {
    await precompress(site.distDir);
    const port = await freePort();
    const plan = await mirrorPlan({ root: site.distDir });
    return start(config(plan, `127.0.0.1:${port}`), port);
  },
});

const HOSTS: SyncHost[] = [
  {
    name: 'npm start',
    available: true,
    restarts: false,
    start: (site) => startHost('server/start.ts', site, { SITE_BASE_URL: BASE_URL }),
  },
  {
    name: "Netlify's emulator",
    available: denoAvailable(),
    restarts: true,
    start: (site) => startHost('server/start-netlify.ts', site, { SITE_BASE_URL: BASE_URL }),
  },
  mirrorHost(
    'nginx',
    NGINX,
    (plan, listen) => nginxConfig(plan, { listen, brotli: false }),
    (config, port) => startNginx(config, port, { brotli: false }),
  ),
  mirrorHost(
    'Caddy',
    CADDY,
    (plan, listen) => caddyConfig(plan, { listen }),
    (config, port) => startCaddy(config, port),
  ),
];

const recordFile = (site: ServedSite, key: string, slug: string) =>
  path.join(site.contentDir, key, `${slug}.md`);

async function editSummary(site: ServedSite, key: string, slug: string, summary: string) {
  const file = recordFile(site, key, slug);
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace(/^summary: .*$/m, `summary: ${JSON.stringify(summary)}`));
}

const version = (bytes: Buffer) =>
  createHash('sha256').update(bytes).digest('base64url').slice(0, 16);

for (const host of HOSTS) {
  describe.runIf(host.available)(`sync() on ${host.name}`, () => {
    let site: ServedSite;
    let served: Served | undefined;
    /** Every exchange of the client, as `status path`. */
    let exchanges: string[] = [];
    let state: SyncState;

    /** Builds the content as it is now into the served folder (the cache npm start uses), and serves it. */
    async function rebuild() {
      await build({
        contentDir: site.contentDir,
        outDir: site.distDir,
        baseUrl: BASE_URL,
        cacheDir: DEFAULT_CACHE_DIR,
      });
      if (!served || host.restarts) {
        await served?.stop();
        served = await host.start(site);
      }
    }

    const client = (fail?: (pathname: string) => boolean) =>
      createContentClient({
        baseUrl: served!.url,
        fetch: async (request) => {
          const { pathname } = new URL(request.url);
          if (fail?.(pathname)) throw new TypeError(`Connection lost fetching ${pathname}`);
          const response = await fetch(request);
          exchanges.push(`${response.status} ${pathname}`);
          return response;
        },
      });

    /** The document dist/ holds for a record, and its version. */
    const built = async (id: string) => {
      const bytes = await readFile(
        path.join(site.distDir, `${paths.apiIndex.slice(1)}/${id}.json`),
      );
      return { record: JSON.parse(bytes.toString()) as unknown, version: version(bytes) };
    };

    beforeAll(async () => {
      site = await prepareSite(PER_COLLECTION);
      await rebuild();
    });
    afterAll(() => served?.stop());

    it('fetches every record on a first sync, each with the version of its bytes', async () => {
      exchanges = [];
      const result = await client().sync();
      expect(result.notModified).toBe(false);
      expect(result.removed).toEqual([]);
      expect(result.changed).toHaveLength(6 * PER_COLLECTION);
      for (const { id, version: got, record } of result.changed)
        expect({ record, version: got }, id).toEqual(await built(id));
      expect(exchanges).toHaveLength(1 + 6 * PER_COLLECTION);
      expect(exchanges[0]).toBe(`200 ${paths.apiManifest}`);
      expect(result.state.manifest?.etag).toBeTruthy();
      state = result.state;
    });

    it('polls an unchanged manifest with one request, answered 304', async () => {
      exchanges = [];
      const result = await client().sync(state);
      expect(result).toMatchObject({ notModified: true, changed: [], removed: [] });
      expect(result.state).toEqual(state);
      expect(exchanges).toEqual([`304 ${paths.apiManifest}`]);
    });

    it('fetches the manifest and the records edited or added alone, and names those deleted', async () => {
      await editSummary(site, 'threats', syntheticSlug('threats', 0), 'Edited between two builds.');
      await rm(recordFile(site, 'posts', syntheticSlug('posts', 2)));
      const added = recordFile(site, 'posts', 'added-between-builds');
      await copyFile(recordFile(site, 'posts', syntheticSlug('posts', 1)), added);
      await writeFile(
        added,
        (await readFile(added, 'utf8')).replace(/^title: .*$/m, 'title: Added between builds'),
      );
      await rebuild();
      exchanges = [];
      const result = await client().sync(state);
      const edited = `threats/${syntheticSlug('threats', 0)}`;
      expect(result.changed.map((c) => c.id).sort()).toEqual(
        ['posts/added-between-builds', edited].sort(),
      );
      expect(result.removed).toEqual([`posts/${syntheticSlug('posts', 2)}`]);
      for (const { id, version: got, record } of result.changed)
        expect({ record, version: got }, id).toEqual(await built(id));
      expect(exchanges.sort()).toEqual(
        [
          `200 ${paths.apiManifest}`,
          `200 /api/v1/${edited}`,
          '200 /api/v1/posts/added-between-builds',
        ].sort(),
      );
      expect(Object.keys(result.state.records)).toHaveLength(6 * PER_COLLECTION);
      state = result.state;
    });

    it('resumes a sync stopped halfway without fetching again what it had', async () => {
      const first = `threats/${syntheticSlug('threats', 1)}`;
      const second = `glossary/${syntheticSlug('glossary', 1)}`;
      await editSummary(
        site,
        'threats',
        syntheticSlug('threats', 1),
        'Edited, then synced halfway.',
      );
      await editSummary(
        site,
        'glossary',
        syntheticSlug('glossary', 1),
        'Edited too, in the same build.',
      );
      await rebuild();
      exchanges = [];
      let kept: SyncState | undefined;
      let records = 0;
      const interrupted = await client((pathname) =>
        pathname.startsWith(`${paths.apiIndex}/`) && pathname !== paths.apiManifest
          ? ++records > 1
          : false,
      )
        .sync(state, {
          concurrency: 1,
          onRecord: (_synced, now) => {
            kept = structuredClone(now);
          },
        })
        .catch((error: unknown) => error);
      expect(interrupted).toBeInstanceOf(TypeError);
      expect(kept?.manifest).toBeNull();
      const had = [first, second].filter((id) => kept!.records[id] !== state.records[id]);
      expect(had).toHaveLength(1);
      exchanges = [];
      const resumed = await client().sync(kept);
      const missing = [first, second].filter((id) => id !== had[0]);
      expect(resumed.changed.map((c) => c.id)).toEqual(missing);
      expect(exchanges).toEqual([`200 ${paths.apiManifest}`, `200 /api/v1/${missing[0]}`]);
      for (const id of [first, second])
        expect(resumed.state.records[id]).toBe((await built(id)).version);
      exchanges = [];
      expect((await client().sync(resumed.state)).notModified).toBe(true);
      expect(exchanges).toEqual([`304 ${paths.apiManifest}`]);
    });
  });
}
