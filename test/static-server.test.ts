import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, realpath, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../generator/build.ts';
import { createApp } from '../server/app.ts';
import { createStaticSite } from '../server/static-site.ts';
import { loadStaticRules } from '../server/static-rules.ts';
import { syntheticSlug, writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/** A file the server's next read of it deletes first: one deleted between its stat and its read. */
const vanishing = vi.hoisted(() => ({ file: undefined as string | undefined }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const readFile = (async (file: Parameters<typeof actual.readFile>[0], ...rest: unknown[]) => {
    if (file === vanishing.file) await actual.rm(file);
    return (actual.readFile as (...args: unknown[]) => Promise<unknown>)(file, ...rest);
  }) as typeof actual.readFile;
  return { ...actual, readFile, default: { ...actual, readFile } };
});

let site: (request: Request) => Promise<Response>;
let dist: string;
const get = (p: string, init?: RequestInit) => site(new Request(`http://local${p}`, init));

beforeAll(async () => {
  const root = await temporaryDirectory('static-');
  await writeSyntheticCorpus(path.join(root, 'content'), 3);
  dist = path.join(root, 'dist');
  await build({ contentDir: path.join(root, 'content'), outDir: dist });
  site = (await createStaticSite(dist)).serve;
});

describe('the local server', () => {
  it('serves the contract paths from the JSON files, with CORS and the JSON content type', async () => {
    const slug = syntheticSlug('threats', 1);
    for (const p of [
      '/api/v1',
      '/api/v1/threats',
      `/api/v1/threats/${slug}`,
      '/api/v1/pricing',
      '/api/v1/openapi.json',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      await res.json();
    }
    const record = (await (await get(`/api/v1/threats/${slug}`)).json()) as {
      data: { slug: string };
    };
    expect(record.data.slug).toBe(slug);
  });

  it('answers unknown API paths, slugs and traversal attempts with the JSON Error', async () => {
    const app = await createApp({ distDir: dist, dataDir: path.join(dist, '..', 'data') });
    for (const p of [
      '/api/v1/nope',
      '/api/v1/threats/no-such-slug',
      '/api/v1/threats/..%2f..%2fsite',
      '/api/v2',
      '/api/v1/threats/UPPER',
      '/api/404',
    ]) {
      const res = await app(new Request(`http://local${p}`));
      expect(res.status, p).toBe(404);
      const body = (await res.json()) as { code: string };
      expect(body.code).toBe('not_found');
    }
  });

  it('serves pages with security headers, the HTML 404 page, and hides function data', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await home.text()).toContain('rel="alternate" type="text/markdown"');
    const twin = await get('/threats/index.html.md');
    expect(twin.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect((await get('/threats')).headers.get('location')).toBe('/threats/');
    expect((await get('/no/such/page/')).status).toBe(404);
    for (const hidden of ['/_data/service.json', '/_redirects', '/_headers', '/_Headers'])
      expect((await get(hidden)).status, hidden).toBe(404);
    expect((await get('/llms.txt')).headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('answers HEAD like GET without a body, and refuses writes', async () => {
    const head = await get('/api/v1', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await get('/api/v1', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers a file deleted between its stat and its read with the 404 page, not a failure', async () => {
    const slug = syntheticSlug('glossary', 2);
    vanishing.file = await realpath(path.join(dist, 'api', 'v1', 'glossary', `${slug}.json`));
    try {
      const res = await get(`/api/v1/glossary/${slug}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Page not found');
    } finally {
      vanishing.file = undefined;
    }
  });
});

describe('the routing rules', () => {
  it('are read again when a build replaces _redirects or _headers, and taken as read before while neither changed', async () => {
    const file = path.join(dist, '_redirects');
    const before = await loadStaticRules(dist);
    expect(await loadStaticRules(dist)).toBe(before);
    const text = await readFile(file, 'utf8');
    try {
      // As the build replaces a file: written aside, renamed over it.
      await writeFile(`${file}.new`, `/a-moved-page /api/v1 301\n${text}`);
      await rename(`${file}.new`, file);
      const after = await loadStaticRules(dist);
      expect(after).not.toBe(before);
      expect(after.firstMatch('/a-moved-page')?.to).toBe('/api/v1');
      expect(before.firstMatch('/a-moved-page')).toBeUndefined();
    } finally {
      await writeFile(file, text);
    }
  });
});

describe('npm start', () => {
  let child: ChildProcess | undefined;
  afterAll(() => child?.kill('SIGTERM'));

  it('builds when needed, serves on PORT, and stops cleanly on SIGTERM', async () => {
    const project = path.resolve(import.meta.dirname, '..');
    const root = await temporaryDirectory('start-');
    let output = '';
    await writeSyntheticCorpus(path.join(root, 'content'), 2);
    // Its own content and dist/, so the test neither depends on nor disturbs the working copy's.
    child = spawn(
      process.execPath,
      [path.join(project, 'node_modules/tsx/dist/cli.mjs'), path.join(project, 'server/start.ts')],
      {
        env: {
          ...process.env,
          PORT: '0',
          CONTENT_DIR: path.join(root, 'content'),
          DIST_DIR: path.join(root, 'dist'),
        },
        cwd: project,
      },
    );
    child.stderr!.on('data', (chunk) => (output += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      child!.stdout!.on('data', (chunk) => {
        output += chunk;
        const match = /Serving .* at (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child!.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    expect(output).toMatch(/Built .* in \d+ ms/);
    const res = await fetch(new URL('/api/v1', url));
    expect(res.status).toBe(200);
    const exit = new Promise<number | null>((resolve) => child!.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});
