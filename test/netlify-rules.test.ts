import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../generator/build.ts';
import { STATIC_SEARCH_FOLDER, STATIC_SEARCH_HEADER } from '../core/static-search-index.ts';
import { assetPath, FINGERPRINTED_ASSETS } from '../generator/render/asset-names.ts';
import { createStaticSite } from '../server/static-site.ts';
import { syntheticSlug, writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/**
 * Netlify's own parsers read the generated _redirects and _headers; a plain reading of
 * the parsed rules (first match wins, a file shadows a non-forced rule) must send every
 * sample URL to the same file, status and headers as the local server. (Unknown API paths
 * have no rule: the read gate and the api-not-found function answer them, tested end to end.)
 */
let dist: string;
let redirects: { from: string; to: string; status?: number; force?: boolean }[];
let headers: { forRegExp: RegExp; values: Record<string, string> }[];
let site: (request: Request) => Promise<Response>;

beforeAll(async () => {
  const root = await temporaryDirectory('rules-');
  await writeSyntheticCorpus(path.join(root, 'content'), 3);
  dist = path.join(root, 'dist');
  await build({ contentDir: path.join(root, 'content'), outDir: dist });
  const parsedRedirects = await parseAllRedirects({
    redirectsFiles: [path.join(dist, '_redirects')],
    configRedirects: [],
    minimal: true,
  });
  const parsedHeaders = await parseAllHeaders({
    headersFiles: [path.join(dist, '_headers')],
    configHeaders: [],
    minimal: false,
  });
  expect(parsedRedirects.errors).toEqual([]);
  expect(parsedHeaders.errors).toEqual([]);
  redirects = parsedRedirects.redirects as typeof redirects;
  headers = parsedHeaders.headers as typeof headers;
  site = (await createStaticSite(dist)).serve;
});

const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

/** Where Netlify would take a URL path, reading the parsed rules directly. */
function netlifyTarget(urlPath: string): { file: string; status: number } {
  const direct = path.join(dist, urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath);
  for (const rule of redirects) {
    const splat = rule.from.endsWith('/*') ? rule.from.slice(0, -1) : undefined;
    const matches = splat
      ? urlPath.startsWith(splat)
      : urlPath === rule.from || urlPath === `${rule.from}/`;
    if (!matches) continue;
    if (isFile(direct) && !rule.force) break;
    return { file: path.join(dist, rule.to), status: rule.status ?? 301 };
  }
  return isFile(direct)
    ? { file: direct, status: 200 }
    : { file: path.join(dist, '404.html'), status: 404 };
}

function netlifyHeaders(urlPath: string): Record<string, string> {
  return Object.assign(
    {},
    ...headers.filter((h) => h.forRegExp.test(urlPath)).map((h) => h.values),
  );
}

const SAMPLES = [
  '/',
  '/api/v1',
  '/api/v1/pricing',
  '/api/v1/openapi.json',
  '/api/v1/threats',
  `/api/v1/threats/${syntheticSlug('threats', 2)}`,
  `/api/v1/posts/${syntheticSlug('posts', 0)}`,
  '/threats/',
  `/glossary/${syntheticSlug('glossary', 1)}/`,
  `/glossary/${syntheticSlug('glossary', 1)}/index.html.md`,
  '/llms.txt',
  '/llms-full.txt',
  '/sitemap.xml',
  '/posts/feed.xml',
  assetPath('site.css'),
  assetPath('search.js'),
  '/assets/favicon.svg',
  '/assets/social/site.png',
  '/_data/summaries/posts.json',
  '/no/such/page/',
];

describe('generated Netlify rules', () => {
  it.each(SAMPLES)(
    '%s reaches the same file, status and headers on both hosts',
    async (urlPath) => {
      const expected = netlifyTarget(urlPath);
      const response = await site(new Request(`http://local${urlPath}`));
      expect(response.status).toBe(expected.status);
      expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(expected.file))).toBe(
        true,
      );
      for (const [name, value] of Object.entries(netlifyHeaders(urlPath)))
        expect(response.headers.get(name), name).toBe(value);
    },
  );
});

describe('cache lifetimes of /assets/', () => {
  it("keep a fingerprinted file and the static search index's files a year, immutable, its header not at all, and any other file an hour, with no two rules giving one path a Cache-Control", async () => {
    const files = (
      await readdir(path.join(dist, 'assets'), { recursive: true, withFileTypes: true })
    )
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(dist, path.join(entry.parentPath, entry.name))}`);
    expect(files).toEqual(expect.arrayContaining(FINGERPRINTED_ASSETS.map(assetPath)));
    for (const file of files) {
      const lifetimes = headers
        .filter((h) => h.forRegExp.test(file) && 'Cache-Control' in h.values)
        .map((h) => h.values['Cache-Control']);
      expect(lifetimes, file).toEqual([
        file === STATIC_SEARCH_HEADER
          ? 'no-cache'
          : /^[^/]+\.[0-9a-f]{8}\.(css|js)$/.test(path.basename(file)) ||
              file.startsWith(`${STATIC_SEARCH_FOLDER}/`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
      ]);
    }
    expect(files).toContain(STATIC_SEARCH_HEADER);
    expect(
      files.filter((file) => file.startsWith(`${STATIC_SEARCH_FOLDER}/`)).length,
    ).toBeGreaterThan(2);
  });
});
