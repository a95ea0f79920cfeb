import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFile, cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_ROUTES, edgeFunctionsFor, functionFor } from '../core/routes.ts';
import { caddyConfig } from '../generator/mirror/caddy-config.ts';
import { mirrorPrefersMarkdown } from '../generator/mirror/markdown-accept.ts';
import { MirrorError } from '../generator/mirror/mirror-error.ts';
import { headersFor, mirrorPlan, type MirrorPlan } from '../generator/mirror/mirror-plan.ts';
import { nginxConfig } from '../generator/mirror/nginx-config.ts';
import { precompress } from '../generator/mirror/precompress.ts';
import { deprecationHeaders } from '../runtime/deprecation.ts';
import { markdownTwinPath, prefersMarkdown } from '../runtime/markdown-negotiation.ts';
import { readRoute } from '../runtime/read-routes.ts';
import { prepareSite } from './support/host-process.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/**
 * The mirror plan against the code it stands in for (Markdown negotiation, read routes,
 * the twin route), its refusals, precompression, and the command. The servers
 * themselves are tested in mirror.test.ts.
 */
const run = promisify(execFile);
const project = path.resolve(import.meta.dirname, '..');
const mirrorCli = (args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(project, 'cli', 'mirror.ts'), ...args], {
    cwd: project,
  });

let root: string;
let dist: string;
let plan: MirrorPlan;

beforeAll(async () => {
  dist = (await prepareSite(1)).distDir;
  root = path.dirname(dist);
  plan = await mirrorPlan({ root: dist, apiUrl: 'https://full.example' });
});

const matches = (pattern: string, value: string, flags = '') =>
  new RegExp(pattern, flags).test(value);

describe('the Accept approximation', () => {
  const MARKDOWN = ['text/markdown', 'text/x-markdown', 'TEXT/Markdown'];
  const HTML = ['text/html', 'application/xhtml+xml', 'Text/HTML'];
  const OTHER = ['*/*', 'text/*', 'application/json', 'application/xml', 'text/plain'];
  const QVALUE = fc.oneof(
    fc.constantFrom('0', '0.', '1', '1.', '1.0', '1.000', '0.0', '0.000'),
    fc
      .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 1, max: 3 }))
      .map(([n, digits]) => `0.${String(n).padStart(3, '0').slice(0, digits)}`),
  );
  const ELEMENT = fc.record({
    type: fc.constantFrom(...MARKDOWN, ...HTML, ...OTHER),
    charset: fc.boolean(),
    q: fc.option(QVALUE, { nil: undefined }),
    space: fc.constantFrom('', ' '),
  });

  it('decides as the local server for the Accept values a client sends', () => {
    for (const accept of [
      null,
      'text/html',
      '*/*',
      'text/markdown',
      'text/markdown, text/html;q=0.9',
      'text/html, text/markdown;q=0.5',
      'text/markdown;q=0',
      'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    ]) {
      expect(mirrorPrefersMarkdown(accept), String(accept)).toBe(prefersMarkdown(accept));
    }
  });

  it('differs only when both Markdown and HTML are weighted between 0 and 1, Markdown at least as high', () => {
    fc.assert(
      fc.property(fc.array(ELEMENT, { minLength: 1, maxLength: 5 }), (elements) => {
        const accept = elements
          .map(
            (e) =>
              `${e.type}${e.charset ? `${e.space};${e.space}charset=utf-8` : ''}${e.q === undefined ? '' : `${e.space};${e.space}q=${e.q}`}`,
          )
          .join(`,${elements[0]!.space}`);
        const best = (types: string[]) =>
          Math.max(
            0,
            ...elements
              .filter((e) => types.includes(e.type))
              .map((e) => (e.q === undefined ? 1 : Number(e.q))),
          );
        const [markdown, html] = [best(MARKDOWN), best(HTML)];
        const expected =
          0 < html && html <= markdown && markdown < 1 ? false : prefersMarkdown(accept);
        expect(mirrorPrefersMarkdown(accept), accept).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

const SEGMENTS = [
  'api',
  'v1',
  'v2',
  'threats',
  'posts',
  'search',
  'pricing',
  'openapi.json',
  'threats-record-0',
  'UPPER',
  'a.b',
  'x.md',
  'llms.txt',
  'assets',
  '_data',
  '_x',
  'orgs',
  'sandbox',
  'apix',
  'index.html',
  '',
];
const PATH = fc
  .tuple(fc.array(fc.constantFrom(...SEGMENTS), { maxLength: 4 }), fc.boolean())
  .map(([segments, slash]) => `/${segments.join('/')}${slash && segments.length ? '/' : ''}`);

describe('the mirror plan', () => {
  it('refuses other methods on exactly the paths the local server answers with a 405', () => {
    fc.assert(
      fc.property(PATH, (p) => {
        const owner = functionFor(p, 'POST');
        const refused =
          (owner === 'read-api' || owner === 'read-api-methods') && readRoute(p).kind !== 'unknown';
        expect(matches(plan.readOnly.pattern, p), p).toBe(refused);
      }),
      { numRuns: 2000 },
    );
  });

  it('serves a Markdown twin on exactly the pages the local server does', () => {
    fc.assert(
      fc.property(PATH, (p) => {
        const page =
          edgeFunctionsFor(p, 'GET').includes('markdown-twin') && markdownTwinPath(p) !== undefined;
        const mirrored =
          plan.twin.pages.some((pattern) => matches(pattern, p)) &&
          !plan.twin.notPages.some((pattern) => matches(pattern, p));
        expect(mirrored, p).toBe(page);
      }),
      { numRuns: 2000 },
    );
  });

  it('sends every path of the search, submission, organization and MCP functions to the full API, and lists only when paged', () => {
    const fullApi = [
      ...FUNCTION_ROUTES['read-api'].path,
      ...FUNCTION_ROUTES.submissions.path,
      ...FUNCTION_ROUTES['org-api'].path,
      ...FUNCTION_ROUTES.mcp.path,
    ];
    expect(plan.fullApiOnly.map((r) => r.pattern)).toHaveLength(fullApi.length);
    for (const route of plan.fullApiOnly) {
      const error = JSON.parse(route.body) as { code: string; hint: string; docs: string };
      expect(error.code).toBe('not_configured');
      expect(error.hint).toMatch(/https:\/\/full\.example\/(api|orgs|sandbox|mcp)/);
      expect(error.docs).toBe('https://full.example/api/v1/openapi.json');
      expect(route.staticUnlessPaged).toBe(
        plan.documents.some((d) => matches(route.pattern, d.path)),
      );
    }
    expect(
      plan.fullApiOnly.find((r) => matches(r.pattern, '/api/v1/search'))?.staticUnlessPaged,
    ).toBe(false);
  });

  it("adds the read gate's Deprecation, Sunset and Link to the answers of a deprecated version", async () => {
    const version = {
      prefix: '/api/v1',
      deprecation: { since: '2026-01-01', sunset: '2026-12-01', successor: '/api/v2' },
    };
    const deprecated = await mirrorPlan({
      root: dist,
      apiUrl: 'https://full.example',
      versions: [version],
    });
    const expected = deprecationHeaders(version, 'https://full.example');
    for (const p of ['/api/v1', '/api/v1.json', '/api/v1/threats.json', '/api/v1/search'])
      expect(headersFor(deprecated.headers, p), p).toMatchObject(expected);
    for (const p of ['/threats/', '/api/v10', '/api/404.json'])
      expect(Object.keys(headersFor(deprecated.headers, p)), p).not.toContain('Sunset');
    expect(nginxConfig(deprecated, { listen: '127.0.0.1:8080', brotli: false })).toContain(
      `'${expected.Link}'`,
    );
    expect(caddyConfig(deprecated, { listen: '127.0.0.1:8080' })).toContain(
      `Sunset \`${expected.Sunset}\``,
    );
  });

  it("defaults the full API to the build's baseUrl", async () => {
    expect((await mirrorPlan({ root: dist })).apiUrl).toBe('https://detour.example');
  });

  it('refuses what it cannot serve, saying what to do', async () => {
    await expect(mirrorPlan({ root })).rejects.toThrow(
      /is not a build: _data\/service\.json is missing\. Build first/,
    );
    await expect(mirrorPlan({ root: dist, apiUrl: 'full.example' })).rejects.toThrow(MirrorError);
    const odd = path.join(root, 'odd-dist');
    await cp(dist, odd, { recursive: true });
    await appendFile(path.join(odd, '_redirects'), '/old  /new  301\n');
    await expect(mirrorPlan({ root: odd })).rejects.toThrow(
      /cannot translate the rule "\/old \/new 301"/,
    );
    expect(() =>
      nginxConfig(
        { ...plan, apiUrl: 'x', root: '/srv/$site' },
        { listen: '127.0.0.1:8080', brotli: false },
      ),
    ).toThrow(/remove the "\$"/);
    expect(() =>
      caddyConfig({ ...plan, root: '/srv/`site`' }, { listen: '127.0.0.1:8080' }),
    ).toThrow(/remove the backquote/);
  });

  it('refuses a build with a symbolic link leading out of it, and accepts one inside it', async () => {
    const linked = path.join(root, 'linked-dist');
    await cp(dist, linked, { recursive: true });
    await symlink(path.join(linked, 'llms.txt'), path.join(linked, 'assets', 'inside.txt'));
    await expect(mirrorPlan({ root: linked })).resolves.toBeDefined();
    await symlink(tmpdir(), path.join(linked, 'assets', 'outside'));
    await expect(mirrorPlan({ root: linked })).rejects.toThrow(
      /assets\/outside is a symbolic link leading out of the build .*: remove it/,
    );
  });

  it("sizes nginx's map hash for a large build", () => {
    const documents = Array.from({ length: 3000 }, (_, i) => ({
      path: `/api/v1/glossary/a-rather-long-slug-for-record-number-${i}`,
      file: `/api/v1/glossary/${i}.json`,
    }));
    const config = nginxConfig({ ...plan, documents }, { listen: '127.0.0.1:8080', brotli: false });
    expect(config).toContain('map_hash_max_size 16384;');
    expect(config).toContain('map_hash_bucket_size 128;');
    expect(nginxConfig(plan, { listen: '127.0.0.1:8080', brotli: false })).not.toContain(
      'map_hash',
    );
  });
});

describe('precompress', () => {
  async function site(): Promise<string> {
    const dir = await temporaryDirectory('precompress-');
    await mkdir(path.join(dir, 'api'), { recursive: true });
    await mkdir(path.join(dir, '_data'));
    const text = 'browser isolation keeps risky pages away from the device. '.repeat(40);
    await writeFile(path.join(dir, 'index.html'), `<p>${text}</p>`);
    await writeFile(path.join(dir, 'api', 'doc.json'), JSON.stringify({ text }));
    await writeFile(path.join(dir, 'small.txt'), 'too small to bother');
    await writeFile(path.join(dir, '_data', 'index.json'), JSON.stringify({ text }));
    await writeFile(path.join(dir, 'logo.png'), text);
    await writeFile(path.join(dir, 'noise.txt'), randomBytes(4096));
    // Left by an earlier run, when noise.txt still compressed.
    await writeFile(path.join(dir, 'noise.txt.gz'), 'stale');
    return dir;
  }

  it('writes .gz and .br beside text files of 1 KiB or more, only when smaller, the same bytes every time', async () => {
    const [a, b] = [await site(), await site()];
    const summary = await precompress(a);
    await precompress(b);
    await precompress(b);
    const files = (await readdir(a, { recursive: true })).sort();
    expect(files).toEqual([
      '_data',
      '_data/index.json',
      'api',
      'api/doc.json',
      'api/doc.json.br',
      'api/doc.json.gz',
      'index.html',
      'index.html.br',
      'index.html.gz',
      'logo.png',
      'noise.txt',
      'small.txt',
    ]);
    for (const name of files.filter((f) => /\.(gz|br)$/.test(f))) {
      expect(
        (await readFile(path.join(a, name))).equals(await readFile(path.join(b, name))),
        name,
      ).toBe(true);
    }
    expect(summary).toMatchObject({ files: 3, gzip: { files: 2 }, brotli: { files: 2 } });
    expect(summary.gzip.bytesAfter).toBeLessThan(summary.gzip.bytesBefore / 4);
  });
});

describe('npm run mirror', () => {
  it('prints the configs, precompresses, and explains its usage', async () => {
    const copy = path.join(root, 'cli-dist');
    await cp(dist, copy, { recursive: true });
    const [nginx, caddy, compressed, none, noListen, notBuild] = await Promise.allSettled([
      mirrorCli([
        'nginx',
        '--root',
        dist,
        '--listen',
        '127.0.0.1:8080',
        '--api',
        'https://full.example',
      ]),
      mirrorCli(['caddy', '--root', dist, '--listen', '127.0.0.1:8080']),
      mirrorCli(['precompress', copy]),
      mirrorCli([]),
      mirrorCli(['nginx', '--root', dist]),
      mirrorCli(['caddy', '--root', root, '--listen', '127.0.0.1:8080']),
    ]);
    expect(nginx).toMatchObject({
      status: 'fulfilled',
      value: { stdout: nginxConfig(plan, { listen: '127.0.0.1:8080', brotli: false }) },
    });
    expect(caddy).toMatchObject({
      status: 'fulfilled',
      value: {
        stdout: caddyConfig(await mirrorPlan({ root: dist }), { listen: '127.0.0.1:8080' }),
      },
    });
    expect(compressed).toMatchObject({
      status: 'fulfilled',
      value: {
        stdout: '',
        stderr: expect.stringMatching(
          /^Precompressed \d+ text files of \d+ KiB in .*: gzip \d+ files \d+ KiB -> \d+ KiB, brotli /,
        ),
      },
    });
    expect(none).toMatchObject({
      status: 'rejected',
      reason: { code: 2, stderr: expect.stringContaining('Usage:') },
    });
    expect(noListen).toMatchObject({
      status: 'rejected',
      reason: {
        code: 2,
        stderr: expect.stringContaining('needs --root DIR and --listen HOST:PORT'),
      },
    });
    expect(notBuild).toMatchObject({
      status: 'rejected',
      reason: { code: 1, stderr: expect.stringContaining('is not a build') },
    });
  });
});
