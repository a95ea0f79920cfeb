import { existsSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveConfig } from '@netlify/config';
import { bundle } from '@netlify/edge-bundler';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { listFunctions, zipFunctions } from '@netlify/zip-it-and-ship-it';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_KEYS } from '../core/collections.ts';
import {
  EDGE_FUNCTION_ROUTES,
  FUNCTION_ROUTES,
  SCHEDULED_FUNCTIONS,
  type FunctionRoute,
} from '../core/routes.ts';
import { STATIC_SEARCH_FOLDER, STATIC_SEARCH_HEADER } from '../core/static-search-index.ts';
import { SUBMISSION_PATHS } from '../core/submissions.ts';
import { denoAvailable, withDenoOnPath } from '../server/deno.ts';
import { stageNetlifySite } from '../server/netlify-site.ts';
import { prepareSite } from './support/host-process.ts';
import { syntheticSlug } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/**
 * What a deploy does with the project, done with Netlify's own code: the build, then
 * netlify.toml resolved by @netlify/config, the functions listed and bundled by
 * @netlify/zip-it-and-ship-it reading each `config` statically (in-source config parsing),
 * the edge functions bundled by @netlify/edge-bundler. Every route those tools read must
 * equal the route table in core/routes.ts, and every path of the contract must be served.
 */
interface ParsedRoute {
  pattern: string;
  literal?: string;
  expression?: string;
  methods?: string[];
}
interface ParsedFunction {
  name: string;
  routes?: ParsedRoute[];
  excludedRoutes?: ParsedRoute[];
  schedule?: string;
}
interface EdgeManifest {
  routes: { function: string; path?: string; excluded_patterns: string[] }[];
  function_config: Record<
    string,
    {
      excluded_patterns?: string[];
      traffic_rules?: {
        action: {
          config: {
            rate_limit_config: { window_limit: number; window_size: number };
            aggregate: { keys: { type: string }[] };
          };
        };
      };
    }
  >;
}

/** The functions whose answers search (runtime/static-search-on-disk.ts): the API's search, the search page, MCP's search tool. */
const SEARCHING_FUNCTIONS = ['read-api', 'search-page', 'mcp'];

const NETLIFY_FUNCTION_SETTINGS: Record<string, string> = {
  included_files: 'includedFiles',
  node_bundler: 'nodeBundler',
};

let siteDir: string;
let distDir: string;
let listed: ParsedFunction[];
let zipped: (ParsedFunction & { config: { rateLimit?: unknown }; includedFiles?: string[] })[];
let edge: { functions: { name: string }[]; manifest: EdgeManifest } | undefined;

beforeAll(async () => {
  const site = await prepareSite(2);
  distDir = site.distDir;
  siteDir = path.join(await temporaryDirectory('deploy-'), 'site');
  await stageNetlifySite({ projectDir: path.resolve(import.meta.dirname, '..'), distDir, siteDir });

  const { config } = await resolveConfig({
    config: path.join(siteDir, 'netlify.toml'),
    repositoryRoot: siteDir,
    cwd: siteDir,
    context: 'production',
    offline: true,
    buffer: true,
  });
  // Netlify's build hands netlify.toml's [functions] settings (`*`, and each function's own) to the
  // bundler in camelCase; an unknown one must not be dropped silently.
  const functionSettings = Object.fromEntries(
    Object.entries(config.functions ?? {}).map(([pattern, settings]) => [
      pattern,
      Object.fromEntries(
        Object.entries(settings as Record<string, unknown>).map(([name, value]) => {
          if (!NETLIFY_FUNCTION_SETTINGS[name])
            throw new Error(
              `netlify.toml [functions] ${name} is not passed to the bundler by this test: add it`,
            );
          return [NETLIFY_FUNCTION_SETTINGS[name], value];
        }),
      ),
    ]),
  );
  const zisiOptions = {
    basePath: siteDir,
    repositoryRoot: siteDir,
    config: functionSettings,
  };
  listed = (await listFunctions([config.functionsDirectory!], {
    ...zisiOptions,
    parseISC: true,
  })) as ParsedFunction[];
  const out = await temporaryDirectory('functions-');
  zipped = (await zipFunctions([config.functionsDirectory!], out, {
    ...zisiOptions,
    manifest: path.join(out, 'manifest.json'),
  })) as typeof zipped;

  if (denoAvailable()) {
    const previousPath = process.env.PATH;
    process.env.PATH = withDenoOnPath(process.env).PATH;
    // Reading an edge function's config, the bundler imports one type-only module from
    // edge.netlify.com; this machine has no network, so that one URL is served by a local stand-in.
    const offline = await temporaryDirectory('edge-offline-');
    await writeFile(
      path.join(offline, 'globals-types.ts'),
      'export type NetlifyGlobal = unknown;\n',
    );
    await writeFile(
      path.join(offline, 'import_map.json'),
      JSON.stringify({
        imports: { 'https://edge.netlify.com/bootstrap/globals/types.ts': './globals-types.ts' },
      }),
    );
    try {
      edge = (await bundle([config.build.edge_functions!], await temporaryDirectory('edge-'), [], {
        basePath: siteDir,
        importMapPaths: [path.join(offline, 'import_map.json')],
        cacheDirectory: path.join(offline, 'cache'),
        systemLogger: () => undefined,
      })) as typeof edge;
    } finally {
      process.env.PATH = previousPath;
    }
  }
}, 180_000);

const routeOf = (table: FunctionRoute) => ({
  path: [...table.path],
  excludedPath: [...(table.excludedPath ?? [])],
  method: [...(table.method ?? [])],
});

describe("Netlify's function bundler", () => {
  it('finds exactly the functions of the route table', () => {
    expect(listed.map((f) => f.name).sort()).toEqual(
      [...Object.keys(FUNCTION_ROUTES), ...Object.keys(SCHEDULED_FUNCTIONS)].sort(),
    );
    expect(zipped.map((f) => f.name).sort()).toEqual(listed.map((f) => f.name).sort());
  });

  it.each(Object.entries(FUNCTION_ROUTES))(
    'reads the routes of %s from its literal config, equal to the route table',
    (name, table) => {
      const fn = listed.find((f) => f.name === name)!;
      expect(fn.routes?.length, `${name} has no route`).toBeGreaterThan(0);
      const methods = new Set(fn.routes!.map((r) => JSON.stringify(r.methods ?? [])));
      expect(methods.size).toBe(1);
      expect({
        path: fn.routes!.map((r) => r.pattern),
        excludedPath: (fn.excludedRoutes ?? []).map((r) => r.pattern),
        method: fn.routes![0]!.methods ?? [],
      }).toEqual(routeOf(table));
      expect(zipped.find((f) => f.name === name)!.config.rateLimit).toEqual(
        'rateLimit' in table ? table.rateLimit : undefined,
      );
    },
  );

  it.each(Object.entries(SCHEDULED_FUNCTIONS))('reads the schedule of %s', (name, schedule) => {
    const fn = listed.find((f) => f.name === name)!;
    expect(fn.schedule).toBe(schedule);
    expect(fn.routes ?? []).toEqual([]);
  });

  it('bundles the build data every function reads', () => {
    for (const fn of zipped) {
      const included = (fn.includedFiles ?? []).map((f) => path.relative(siteDir, f));
      expect(included, fn.name).toEqual(
        expect.arrayContaining([
          'dist/_data/service.json',
          'dist/_data/search-page.json',
          ...COLLECTION_KEYS.map((k) => `dist/_data/summaries/${k}.json`),
        ]),
      );
    }
  });

  it('bundles the static search index with the functions that search, and with no other', async () => {
    const index = [
      STATIC_SEARCH_HEADER,
      ...(await fg(`${STATIC_SEARCH_FOLDER.slice(1)}/*`, { cwd: distDir })).map((f) => `/${f}`),
    ].map((f) => `dist${f}`);
    expect(index.length).toBeGreaterThan(3);
    for (const fn of zipped) {
      const included = (fn.includedFiles ?? []).map((f) => path.relative(siteDir, f));
      const bundledIndex = included.filter(
        (f) => f === `dist${STATIC_SEARCH_HEADER}` || f.startsWith(`dist${STATIC_SEARCH_FOLDER}/`),
      );
      expect(bundledIndex.sort(), fn.name).toEqual(
        SEARCHING_FUNCTIONS.includes(fn.name) ? index.sort() : [],
      );
    }
  });

  it("bundles every page's Markdown twin with the MCP function, which answers with them, and with no other", async () => {
    const twins = (await fg('**/index.html.md', { cwd: distDir })).map((f) => `dist/${f}`);
    expect(twins.length).toBeGreaterThan(COLLECTION_KEYS.length * 2);
    for (const fn of zipped) {
      const included = (fn.includedFiles ?? []).map((f) => path.relative(siteDir, f));
      const bundledTwins = included.filter((f) => f.endsWith('.md'));
      expect(bundledTwins.sort(), fn.name).toEqual(fn.name === 'mcp' ? twins.sort() : []);
    }
  });
});

describe.runIf(denoAvailable())("Netlify's edge bundler", () => {
  it('finds exactly the edge functions of the route table, in its order, with their routes and rate limits', () => {
    expect(edge!.functions.map((f) => f.name).sort()).toEqual(
      Object.keys(EDGE_FUNCTION_ROUTES).sort(),
    );
    // Netlify runs the edge functions of a path in the manifest's order: the canonical-path refusal first.
    expect([...new Set(edge!.manifest.routes.map((r) => r.function))]).toEqual(
      Object.keys(EDGE_FUNCTION_ROUTES),
    );
    for (const [name, table] of Object.entries(EDGE_FUNCTION_ROUTES)) {
      const routes = edge!.manifest.routes.filter((r) => r.function === name);
      expect(
        routes.map((r) => r.path),
        name,
      ).toEqual([...table.path]);
      const config = edge!.manifest.function_config[name];
      expect(config?.excluded_patterns ?? [], name).toHaveLength(
        'excludedPath' in table ? table.excludedPath.length : 0,
      );
      const rule = config?.traffic_rules?.action.config;
      expect(
        rule && {
          windowLimit: rule.rate_limit_config.window_limit,
          windowSize: rule.rate_limit_config.window_size,
          aggregateBy: rule.aggregate.keys.map((k) => k.type),
        },
        name,
      ).toEqual('rateLimit' in table ? table.rateLimit : undefined);
    }
  });
});

describe('every path of the contract, as Netlify routes it', () => {
  /** Netlify's own path normalization for function routes: no trailing slash, lower case. */
  const normalize = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p).toLowerCase();
  const matches = (route: ParsedRoute, p: string) =>
    route.literal !== undefined
      ? normalize(p) === route.literal
      : new RegExp(route.expression!).test(normalize(p));

  function functionsFor(p: string, method: string): string[] {
    return listed
      .filter(
        (fn) =>
          fn.routes?.some(
            (r) => matches(r, p) && (!r.methods?.length || r.methods.includes(method)),
          ) && !fn.excludedRoutes?.some((r) => matches(r, p)),
      )
      .map((fn) => fn.name);
  }

  async function staticTarget(p: string): Promise<string | undefined> {
    const { redirects } = await parseAllRedirects({
      redirectsFiles: [path.join(distDir, '_redirects')],
      configRedirects: [],
      minimal: true,
    });
    const rule = (redirects as { from: string; to: string; status?: number }[]).find(
      (r) => r.from === p && r.status === 200,
    );
    const file = path.join(distDir, rule ? rule.to : p);
    return existsSync(file) && statSync(file).isFile() ? file : undefined;
  }

  const org = '/orgs/7d1f5c1e-6a0b-4c43-9a51-2b7f0e4d9c10/api';
  const CONTRACT: [string, string][] = [
    ['GET', '/api/v1'],
    ...COLLECTION_KEYS.flatMap((key): [string, string][] => [
      ['GET', `/api/v1/${key}`],
      ['GET', `/api/v1/${key}/${syntheticSlug(key, 1)}`],
    ]),
    ['GET', '/api/v1/search'],
    ['GET', '/api/v1/pricing'],
    ['GET', '/api/v1/openapi.json'],
    ['GET', '/llms.txt'],
    ...Object.values(SUBMISSION_PATHS).map((p): [string, string] => ['POST', p]),
    ['GET', `${org}/instances`],
    ['POST', `${org}/instances`],
    ['DELETE', `${org}/instances/0d4b9d8e-6f0a-4e7b-9a51-2b7f0e4d9c10`],
    ['GET', `${org}/key`],
    ['POST', `${org}/key/rotate`],
  ];

  it.each(CONTRACT)('%s %s is served by exactly one function, or by a file', async (method, p) => {
    const owners = functionsFor(p, method);
    expect(owners.length, `${method} ${p}: ${owners.join(', ')}`).toBeLessThanOrEqual(1);
    if (owners.length === 0) {
      expect(method).toBe('GET');
      expect(await staticTarget(p), `${p} has neither a function nor a file`).toBeDefined();
    }
  });

  it('gives the search page, with or without its slash, to the search-page function, and no other page to any', () => {
    for (const p of ['/search/', '/search'])
      expect(functionsFor(p, 'GET'), p).toEqual(['search-page']);
    for (const p of ['/', '/threats/', '/search/index.html', '/search/index.html.md', '/searches/'])
      expect(functionsFor(p, 'GET'), p).toEqual([]);
  });

  it('gives every other method on a read path to a function that answers 405', () => {
    for (const p of [
      '/api/v1',
      '/api/v1/threats',
      `/api/v1/threats/${syntheticSlug('threats', 1)}`,
      '/api/v1/search',
      '/api/v1/pricing',
      '/api/v1/openapi.json',
    ]) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
        expect(functionsFor(p, method), `${method} ${p}`).toHaveLength(1);
    }
  });

  it('never lets a function take over the target of a static rewrite', async () => {
    const { redirects } = await parseAllRedirects({
      redirectsFiles: [path.join(distDir, '_redirects')],
      configRedirects: [],
      minimal: true,
    });
    for (const rule of redirects as { to: string; status?: number }[]) {
      if (rule.status === 200) expect(functionsFor(rule.to, 'GET'), rule.to).toEqual([]);
    }
  });
});
