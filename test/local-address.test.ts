import { execFile } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import fg from 'fast-glob';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../generator/build.ts';
import { listen } from '../server/listen.ts';
import { REAL_CONTENT } from './support/built-site.ts';
import { startHost, type HostProcess, type ServedSite } from './support/host-process.ts';
import { toolCallInit } from './support/mcp-request.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/**
 * Local means local: with no SITE_BASE_URL, `npm start` builds the site for the address it
 * listens at, into a folder of its own (DATA_DIR/dist), so every address it serves works on
 * the machine serving it; SITE_BASE_URL gives another. What a deploy publishes (`npm run build`,
 * Netlify's build command and the mirror recipe's) keeps the configured address, cache and all.
 */
const run = promisify(execFile);
const project = path.resolve(import.meta.dirname, '..');
const configured = (
  parse(await readFile(path.join(REAL_CONTENT, 'site.yaml'), 'utf8')) as { baseUrl: string }
).baseUrl;
const STAGING = 'https://staging.example';
const RECORD = { collection: 'threats', slug: 'credential-phishing' };

let contentDir: string;
/** The project's own deploy command, into a folder of the test's, with the default cache the servers share. */
let deployDir: string;
const npmRunBuild = () => {
  const { SITE_BASE_URL: _, ...env } = process.env;
  return run('npm', ['run', '-s', 'build', '--', '--content', contentDir, '--out', deployDir], {
    cwd: project,
    env,
  });
};

/** `npm start` as a user starts it: no DIST_DIR (so its own folder), no SITE_BASE_URL unless given. */
async function npmStart(
  env: Record<string, string> = {},
): Promise<{ host: HostProcess; site: ServedSite }> {
  const dataDir = path.join(await temporaryDirectory('local-data-'), 'data');
  const site = { contentDir, distDir: path.join(dataDir, 'dist'), dataDir };
  const host = await startHost('server/start.ts', site, { DIST_DIR: undefined, ...env });
  return { host, site };
}

beforeAll(async () => {
  const root = await temporaryDirectory('local-');
  contentDir = path.join(root, 'content');
  deployDir = path.join(root, 'deploy');
  await cp(REAL_CONTENT, contentDir, { recursive: true });
  await npmRunBuild();
}, 180_000);

/** What a host serves, each answer with an address in it, checked to hold `address` and no other of the site's. */
function servesAt(host: () => HostProcess, address: () => string, others: () => string[]) {
  const get = (p: string, init?: RequestInit) => fetch(new URL(p, host().url), init);
  const hasNoOther = (text: string) => {
    for (const other of others()) expect(text).not.toContain(other);
  };

  it('llms.txt and the canonical link of a page', async () => {
    const llms = await (await get('/llms.txt')).text();
    expect(llms).toContain(`(${address()}/api/v1)`);
    hasNoOther(llms);
    const page = await (await get(`/${RECORD.collection}/${RECORD.slug}/`)).text();
    expect(page).toContain(
      `<link rel="canonical" href="${address()}/${RECORD.collection}/${RECORD.slug}/">`,
    );
    hasNoOther(page);
  });

  it("an API record's url, an error's hint and docs link, and search results", async () => {
    const record = (await (await get(`/api/v1/${RECORD.collection}/${RECORD.slug}`)).json()) as {
      data: { url: string };
    };
    expect(record.data.url).toBe(`${address()}/${RECORD.collection}/${RECORD.slug}/`);
    const error = (await (await get('/api/v1/no-such-collection')).json()) as {
      hint: string;
      docs: string;
    };
    expect(error.docs).toBe(`${address()}/api/v1/openapi.json`);
    expect(error.hint).toContain(`${address()}/api/v1`);
    const search = (await (await get('/api/v1/search?q=phishing')).json()) as {
      data: { url: string }[];
    };
    expect(search.data.length).toBeGreaterThan(0);
    for (const { url } of search.data) expect(url.startsWith(`${address()}/`), url).toBe(true);
  });

  it("the MCP endpoint's search results", async () => {
    const answer = (await (
      await get('/mcp', toolCallInit('search', { query: 'phishing' }))
    ).json()) as { result: { structuredContent: { results: { url: string }[] } } };
    const { results } = answer.result.structuredContent;
    expect(results.length).toBeGreaterThan(0);
    for (const { url } of results) expect(url.startsWith(`${address()}/`), url).toBe(true);
  });
}

describe('npm start with no SITE_BASE_URL', () => {
  let host: HostProcess;
  let site: ServedSite;
  beforeAll(async () => {
    ({ host, site } = await npmStart());
  }, 180_000);
  afterAll(async () => {
    await host?.stop();
  });

  it('builds into a folder of its own under DATA_DIR, never dist/, and serves it', async () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.output()).toContain(`Built ${site.distDir} (`);
    expect(host.output()).toContain(`Serving ${site.distDir} at ${host.url}/`);
    // No file of the project's dist/, if there is one, names this server.
    const dist = path.join(project, 'dist');
    for (const file of await fg('**/*.{html,md,json,txt,xml}', { cwd: dist, absolute: true }))
      expect(await readFile(file, 'utf8'), file).not.toContain(host.url);
  });

  describe('serves its own address in', () =>
    servesAt(
      () => host,
      () => host.url,
      () => [configured, STAGING],
    ));

  it("runs the client's README example as written, at the address npm start prints", async () => {
    const readme = await readFile(path.join(project, 'client/README.md'), 'utf8');
    const lines = /```js\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(lines.trim().split('\n')).toHaveLength(5);
    // The project's README shows the same five lines.
    expect(await readFile(path.join(project, 'README.md'), 'utf8')).toContain(lines);
    const example = "baseUrl: 'http://127.0.0.1:8888'";
    expect(lines).toContain(example);
    const script = path.join(await temporaryDirectory('client-readme-'), 'readme.mjs');
    const client = pathToFileURL(path.join(project, 'client/index.js')).href;
    await writeFile(
      script,
      lines
        .replace("'@detour/content-client'", `'${client}'`)
        // This server's port, where a user's npm start has 8888.
        .replace(example, `baseUrl: '${host.url}'`),
    );
    const { stdout } = await run(process.execPath, [script]);
    const served = async <T>(file: string) =>
      JSON.parse(await readFile(path.join(site.distDir, file), 'utf8')) as T;
    const threats = await served<{ data: { slug: string; title: string }[] }>(
      'api/v1/threats.json',
    );
    for (const { slug, title } of threats.data) expect(stdout).toContain(`${slug} ${title}\n`);
    const record = await served<{ data: { howItWorks: string; controls: string[] } }>(
      'api/v1/threats/browser-in-the-browser.json',
    );
    expect(stdout).toContain(record.data.howItWorks);
    expect(stdout).toContain(record.data.controls[0]);
  });
});

describe('npm start with SITE_BASE_URL', () => {
  let host: HostProcess;
  beforeAll(async () => {
    ({ host } = await npmStart({ SITE_BASE_URL: STAGING }));
  }, 180_000);
  afterAll(async () => {
    await host?.stop();
  });

  describe('serves that address in', () =>
    servesAt(
      () => host,
      () => STAGING,
      () => [configured, 'http://127.0.0.1'],
    ));

  it('refuses a SITE_BASE_URL that is not an address, in one message saying what to give', async () => {
    const dataDir = await temporaryDirectory('local-refused-');
    const failed = await run(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      cwd: project,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, SITE_BASE_URL: 'staging.example' },
      // A server that took it would serve on and on.
      timeout: 30_000,
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(failed).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `SITE_BASE_URL "staging.example" is not a URL: give the site's address, scheme and host only, such as https://detour.example or http://127.0.0.1:8888, or leave it unset to use the address the server listens at.\n`,
    });
  });
});

describe('a deploy after the local servers built', () => {
  it('keeps the configured address: npm run build, cached, writes what a clean build writes', async () => {
    // The command Netlify runs and the mirror recipe's, into the folder Netlify publishes.
    const netlify = await readFile(path.join(project, 'netlify.toml'), 'utf8');
    expect(netlify).toMatch(/^\s*command = "npm run build"$/m);
    expect(netlify).toMatch(/^\s*publish = "dist"$/m);
    // An edit since the first deploy, so the cached build renders again with what the servers left in the cache.
    const file = path.join(contentDir, RECORD.collection, `${RECORD.slug}.md`);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/^title: .*$/m, 'title: Credential phishing, edited'));
    await npmRunBuild();
    const clean = path.join(await temporaryDirectory('local-clean-'), 'dist');
    await build({ contentDir, outDir: clean });
    const files = (await fg('**/*', { cwd: deployDir, dot: true })).sort();
    expect(files).toEqual((await fg('**/*', { cwd: clean, dot: true })).sort());
    for (const name of files) {
      const bytes = await readFile(path.join(deployDir, name));
      expect(bytes.equals(await readFile(path.join(clean, name))), name).toBe(true);
      const text = bytes.toString('latin1');
      expect(text, name).not.toContain('http://127.0.0.1');
      expect(text, name).not.toContain(STAGING);
    }
    expect(await readFile(path.join(deployDir, 'llms.txt'), 'utf8')).toContain(
      `(${configured}/api/v1)`,
    );
  });
});

describe('HOST=0.0.0.0', () => {
  it('is reached, and so addressed, at 127.0.0.1', async () => {
    const server = await listen(async () => new Response('here'), {
      port: 0,
      hostname: '0.0.0.0',
    });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      expect(await (await fetch(server.url)).text()).toBe('here');
    } finally {
      await server.close();
    }
  });
});
