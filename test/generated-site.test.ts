import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Heading, Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import { beforeAll, describe, expect, it } from 'vitest';
import { notFoundError } from '../core/api-error.ts';
import { STATIC_SEARCH_HEADER, type StaticSearchHeader } from '../core/static-search-index.ts';
import { paths } from '../core/paths.ts';
import { COLLECTION_KEYS, COLLECTIONS, type CollectionKey } from '../core/collections.ts';
import { parseMarkdown } from '../generator/markdown/markdown.ts';
import { generatorFingerprint, PROJECT_DIR } from '../generator/model/generator.ts';
import { assetPath } from '../generator/render/asset-names.ts';
import { searchEnginePath } from '../generator/render/browser-bundle.ts';
import { staticSearchOnDisk } from '../runtime/static-search-on-disk.ts';
import { CLIENT_TYPES_FILE, clientTypes } from '../scripts/client-types.ts';
import { buildSite, type BuiltSite } from './support/built-site.ts';
import { distRouter } from './support/dist-routes.ts';
import { openApiValidator } from './support/openapi-validator.ts';

const run = promisify(execFile);

/** The part of a JSON Schema these tests read. */
interface Schema {
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
}

let site: BuiltSite;
let openapi: {
  paths: Record<string, Record<string, unknown>>;
  servers: { url: string }[];
  components: { schemas: Record<string, Schema> };
};
let baseUrl: string;
let route: (urlPath: string) => string;

beforeAll(async () => {
  site = await buildSite();
  openapi = await site.json('api/v1/openapi.json');
  baseUrl = openapi.servers[0]!.url;
  route = await distRouter(site.dir);
});

const decodeEntities = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('the published content', () => {
  it('has at least the records the product needs in every collection', () => {
    expect(site.summary.records.threats).toBeGreaterThanOrEqual(20);
    expect(site.summary.records.glossary).toBeGreaterThanOrEqual(40);
    expect(site.summary.records.exposures).toBeGreaterThanOrEqual(25);
    expect(site.summary.records.apps).toBeGreaterThanOrEqual(15);
    expect(site.summary.records.ai).toBeGreaterThanOrEqual(12);
    expect(site.summary.records.posts).toBeGreaterThanOrEqual(10);
  });
});

describe('API documents', () => {
  it('has every operationId of the contract', () => {
    const ids = Object.values(openapi.paths).flatMap((item) =>
      Object.values(item).map((op) => (op as { operationId?: string }).operationId),
    );
    const expected = [
      'getApiIndex',
      ...COLLECTION_KEYS.flatMap((k) => [
        COLLECTIONS[k].listOperation,
        COLLECTIONS[k].getOperation,
      ]),
      'searchContent',
      'getPricing',
      'sendContactMessage',
      'subscribeNewsletter',
      'joinWaitlist',
      'requestSandboxEarlyAccess',
      'listInstances',
      'createInstance',
      'deleteInstance',
      'inspectKey',
      'rotateKey',
    ];
    for (const id of expected) expect(ids).toContain(id);
  });

  it('publishes an OpenAPI document that is valid OpenAPI 3.1', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const validator = new Validator();
    const result = await validator.validate(path.join(site.dir, 'api/v1/openapi.json'));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('marks every field the API always sends as required, so generated types need no checks', () => {
    const { schemas } = openapi.components;
    // Fields a response may lack: a glossary term without other names.
    const optional = new Set(['GlossaryTerm.aliases']);
    const requestBodies = new Set(['ContactMessage', 'Signup', 'CreateInstance']);
    const missing: string[] = [];
    const visit = (name: string, schema: Schema) => {
      if (schema.items) visit(`${name}[]`, schema.items);
      for (const [field, inner] of Object.entries(schema.properties ?? {})) {
        if (!schema.required?.includes(field) && !optional.has(`${name}.${field}`))
          missing.push(`${name}.${field}`);
        visit(`${name}.${field}`, inner);
      }
    };
    for (const [name, schema] of Object.entries(schemas))
      if (!requestBodies.has(name)) visit(name, schema);
    expect(missing).toEqual([]);
  });

  it('gives closed sets as enums and each record response a named schema', () => {
    const { schemas } = openapi.components;
    const keys = [...COLLECTION_KEYS];
    expect(schemas.SummaryPage!.properties!.collection!.enum).toEqual(keys);
    expect(schemas.SearchResult!.properties!.collection!.enum).toEqual(keys);
    expect(schemas.ApiIndex!.properties!.collections!.items!.properties!.key!.enum).toEqual(keys);
    expect(schemas.Summary!.properties!.category!.enum).toEqual(
      expect.arrayContaining(['phishing', 'attack-surface', 'browser-isolation']),
    );
    expect(schemas.Exposure!.properties!.severity!.enum).toContain('critical');
    expect(schemas.Pricing!.properties!.plans!.items!.properties!.interval!.enum).toEqual([
      'month',
      'year',
    ]);
    expect(schemas.Instance!.properties!.status!.enum).toContain('running');
    for (const key of COLLECTION_KEYS) {
      const operation = openapi.paths[`/api/v1/${key}/{slug}`]!.get as {
        responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
      };
      const { $ref } = operation.responses['200']!.content['application/json']!.schema;
      const record = schemas[$ref.replace('#/components/schemas/', '')]!;
      expect(record.properties!.collection!.const).toBe(key);
    }
  });

  it('documents the machine-readable files, and each documented one is in the build', async () => {
    const documented = Object.entries(openapi.paths).filter(([, item]) =>
      (item.get as { tags?: string[] } | undefined)?.tags?.includes('Machine-readable files'),
    );
    const files = documented.map(([template]) => template);
    expect(files).toEqual(
      expect.arrayContaining(['/llms.txt', '/llms-full.txt', '/sitemap.xml', '/posts/feed.xml']),
    );
    for (const key of COLLECTION_KEYS) expect(files).toContain(`/${key}/{slug}/index.html.md`);
    for (const template of files) {
      const collection = template.split('/')[1] as CollectionKey;
      const slug = template.includes('{slug}')
        ? (await site.json<{ data: { slug: string }[] }>(`api/v1/${collection}.json`)).data[0]!.slug
        : '';
      expect(existsSync(route(template.replace('{slug}', slug))), template).toBe(true);
    }
    expect(openapi.paths['/api/v1/openapi.json']?.get).toBeDefined();
  });

  it('gives the client (client/) the types made from this document: npm run client:types', async () => {
    const made = await clientTypes(path.join(site.dir, 'api/v1/openapi.json'));
    expect(
      made === (await readFile(CLIENT_TYPES_FILE, 'utf8')),
      'client/schema.d.ts is out of date: run npm run client:types',
    ).toBe(true);
  });

  it("passes Redocly's lint with its recommended rules, without an error or a warning", async () => {
    const cli = path.resolve('node_modules/@redocly/cli/bin/cli.js');
    const document = path.join(site.dir, 'api/v1/openapi.json');
    // The exit status says only whether there were errors: the report is read for warnings too.
    const { stdout } = await run(process.execPath, [cli, 'lint', document, '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('validates every generated JSON file against its OpenAPI schema', async () => {
    const validate = openApiValidator(openapi);
    const jsonFiles = (await site.files('api/**/*.json')).filter(
      (f) => f !== 'api/v1/openapi.json',
    );
    const checked: string[] = [];
    for (const file of jsonFiles) {
      const body = await site.json(file);
      const rel = file.replace(/\.json$/, '');
      let errors: string[];
      if (file === 'api/404.json') errors = validate('GET', '/api/v1/threats/{slug}', 404, body);
      else if (rel === 'api/v1') errors = validate('GET', '/api/v1', 200, body);
      else if (rel === 'api/v1/pricing') errors = validate('GET', '/api/v1/pricing', 200, body);
      else if (rel === 'api/v1/manifest') errors = validate('GET', '/api/v1/manifest', 200, body);
      else {
        const [, , collection, slug] = rel.split('/');
        errors = slug
          ? validate('GET', `/api/v1/${collection}/{slug}`, 200, body)
          : validate('GET', `/api/v1/${collection}`, 200, body);
      }
      expect(errors, file).toEqual([]);
      checked.push(file);
    }
    const records = Object.values(site.summary.records).reduce((a, b) => a + b, 0);
    expect(checked.length).toBe(records + COLLECTION_KEYS.length + 4);
  });

  it("lists every record in the manifest, each with the version of its document's bytes, and a version of the whole set", async () => {
    const manifest = await site.json<{
      version: string;
      total: number;
      records: { collection: string; slug: string; url: string; version: string }[];
    }>('api/v1/manifest.json');
    const hash = (text: string) =>
      createHash('sha256').update(text).digest('base64url').slice(0, 16);
    const documents = (await site.files('api/v1/*/*.json')).sort();
    expect(manifest.records.map((r) => `api/v1/${r.collection}/${r.slug}.json`).sort()).toEqual(
      documents,
    );
    expect(manifest.total).toBe(documents.length);
    for (const entry of manifest.records) {
      const file = `api/v1/${entry.collection}/${entry.slug}.json`;
      expect(entry.version, file).toBe(hash(await site.read(file)));
      expect(entry.url).toBe(((await site.json(file)) as { data: { url: string } }).data.url);
    }
    expect(manifest.version).toBe(hash(JSON.stringify(manifest.records)));
    expect(await site.read('_redirects')).toContain('/api/v1/manifest  /api/v1/manifest.json  200');
  });

  it('publishes an ApiIndex whose counts and URLs match the files', async () => {
    const index = await site.json<{
      version: string;
      collections: { key: string; count: number; list: string; item: string }[];
      openapi: string;
      documentation: string;
    }>('api/v1.json');
    expect(index.version).toBe('1.0.0');
    expect(index.collections.map((c) => c.key)).toEqual([...COLLECTION_KEYS]);
    for (const c of index.collections) {
      const list = await site.json<{
        total: number;
        data: { slug: string; url: string }[];
        limit: number;
        offset: number;
      }>(`api/v1/${c.key}.json`);
      expect(list.total).toBe(c.count);
      expect(list.limit).toBe(50);
      expect(list.offset).toBe(0);
      expect(list.data.length).toBe(Math.min(50, c.count));
      expect(existsSync(route(new URL(c.list).pathname))).toBe(true);
      const first = list.data[0]!;
      expect(existsSync(route(new URL(c.item.replace('{slug}', first.slug)).pathname))).toBe(true);
      expect(existsSync(route(new URL(first.url).pathname))).toBe(true);
    }
    for (const url of [index.openapi, index.documentation])
      expect(existsSync(route(new URL(url).pathname)), url).toBe(true);
  });

  it('lists the MCP endpoint among the endpoints of the ApiIndex', async () => {
    const { endpoints } = await site.json<{
      endpoints: { method: string; path: string; description: string }[];
    }>('api/v1.json');
    expect(endpoints.filter((e) => e.path === '/mcp')).toEqual([
      {
        method: 'POST',
        path: '/mcp',
        description: expect.stringContaining('Model Context Protocol'),
      },
    ]);
  });

  it('returns each record whole, with its Markdown body and a canonical URL built from the base URL', async () => {
    const record = await site.json<{ collection: string; data: Record<string, unknown> }>(
      'api/v1/threats/credential-phishing.json',
    );
    expect(record.collection).toBe('threats');
    expect(record.data.url).toBe(`${baseUrl}/threats/credential-phishing/`);
    expect(String(record.data.body).split(/\s+/).length).toBeGreaterThan(150);
    expect(Array.isArray(record.data.controls)).toBe(true);
  });

  it('points pricing at a human page and a Markdown document that exist', async () => {
    const pricing = await site.json<{
      pricingPage: string;
      machineReadable: string;
      plans: { interval: string }[];
    }>('api/v1/pricing.json');
    expect(pricing.plans.map((p) => p.interval).sort()).toEqual(['month', 'year']);
    expect(existsSync(route(new URL(pricing.pricingPage).pathname))).toBe(true);
    const markdown = await readFile(route(new URL(pricing.machineReadable).pathname), 'utf8');
    expect(markdown).toMatch(/^# .*pricing/m);
  });

  it('precomputes the full summary lists and the static search index the functions search', async () => {
    const threats = await site.json<{ slug: string }[]>('_data/summaries/threats.json');
    expect(threats.length).toBe(site.summary.records.threats);
    const header = await site.json<StaticSearchHeader>(STATIC_SEARCH_HEADER.slice(1));
    const total = Object.values(site.summary.records).reduce((a, b) => a + b, 0);
    expect(header.documentCount).toBe(total);
    const hits = await staticSearchOnDisk(site.dir).search('phish', 50);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => /phish/i.test(`${hit.title} ${hit.summary}`))).toBe(true);
  });
});

describe('pages and Markdown twins', () => {
  it('gives every page a Markdown twin that parses and carries the page title', async () => {
    const pages = (await site.files('**/index.html')).filter((f) => !f.startsWith('_'));
    expect(pages.length).toBeGreaterThan(130);
    for (const page of pages) {
      const html = await site.read(page);
      const twinFile = `${page}.md`;
      expect(html, page).toContain(
        `<link rel="alternate" type="text/markdown" href="/${twinFile}"`,
      );
      const tree: Root = parseMarkdown(await site.read(twinFile));
      const first = tree.children[0] as Heading;
      expect(first.type, twinFile).toBe('heading');
      expect(first.depth).toBe(1);
      const h1 = decodeEntities(
        /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)![1]!.replace(/<[^>]+>/g, ''),
      );
      expect(textOf(first)).toBe(h1);
    }
  });

  it('links only to pages and files that exist', async () => {
    const broken: string[] = [];
    for (const file of [...(await site.files('**/*.html')), ...(await site.files('**/*.md'))]) {
      const text = await site.read(file);
      const links = [
        ...text.matchAll(/href="(\/[^"]*)"/g),
        ...text.matchAll(/\]\((\/[^)\s]*)\)/g),
      ].map((m) => m[1]!);
      for (const link of links) {
        if (link.startsWith('//') || link.startsWith('/api/contact')) continue;
        if (!existsSync(route(link))) broken.push(`${file} -> ${link}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('serves security headers and JSON errors through _headers and _redirects', async () => {
    const headers = await site.read('_headers');
    expect(headers).toMatch(/Content-Security-Policy: default-src 'none'/);
    expect(headers).toMatch(/X-Content-Type-Options: nosniff/);
    expect(headers).toMatch(/\/api\/\*\n(\s+.*\n)*?\s+Access-Control-Allow-Origin: \*/);
    const redirects = (await site.read('_redirects')).trim().split('\n');
    // Unknown API paths get no rule at all: a rewrite to a static file takes the file's status on Netlify's emulator.
    expect(redirects.filter((rule) => rule.includes('404.json'))).toEqual([]);
    expect(redirects.at(-1)).toBe('/_data/*  /404.html  404!');
    const notFound = await site.json<{ code: string; error: string; message: string }>(
      'api/404.json',
    );
    expect(notFound).toEqual(
      notFoundError((await site.json<{ baseUrl: string }>('_data/service.json')).baseUrl),
    );
    expect(notFound.error).toBe(notFound.message);
  });
});

describe('llms.txt', () => {
  it('follows the llmstxt.org format and every link resolves to a file in dist/', async () => {
    const text = await site.read('llms.txt');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^> \S/);
    expect(lines.filter((l) => l.startsWith('# '))).toHaveLength(1);
    const sections = lines.filter((l) => l.startsWith('## ')).map((l) => l.slice(3));
    expect(sections).toEqual(expect.arrayContaining(['API', 'Collections', 'Optional']));
    const firstSection = lines.findIndex((l) => l.startsWith('## '));
    const linkLines = lines.slice(firstSection).filter((l) => l.startsWith('- '));
    const total = Object.values(site.summary.records).reduce((a, b) => a + b, 0);
    expect(linkLines.length).toBeGreaterThan(total);
    for (const line of linkLines) {
      const match = /^- \[([^\]]+)\]\((\S+)\)(: .+)?$/.exec(line);
      expect(match, line).not.toBeNull();
      const url = new URL(match![2]!);
      expect(url.origin).toBe(baseUrl);
      // The MCP endpoint is a function's, answering POST: no file serves it.
      if (url.pathname === paths.mcp) continue;
      expect(existsSync(route(url.pathname)), line).toBe(true);
    }
    for (const line of lines.slice(firstSection)) {
      expect(line === '' || line.startsWith('## ') || line.startsWith('- '), line).toBe(true);
    }
  });

  it('names the MCP endpoint and the page on connecting an agent to it, under API', async () => {
    const lines = (await site.read('llms.txt')).split('\n');
    const start = lines.indexOf('## API');
    const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
    const api = lines.slice(start + 1, end);
    const linking = (url: string) =>
      api.find((line) => line.startsWith(`- [`) && line.includes(`](${url}): `));
    expect(linking(`${baseUrl}/mcp`)).toMatch(
      /^- \[MCP server\]\(.*Model Context Protocol.*Streamable HTTP.*search, fetch and list tools/,
    );
    expect(linking(`${baseUrl}/docs/agents/index.html.md`)).toMatch(/^- \[Connect an agent\]/);
  });

  it('has a full-text companion with every twin', async () => {
    const full = await site.read('llms-full.txt');
    // The thank-you pages a form post is sent on to answer a form; they are not content.
    const twins = (await site.files('**/*.html.md')).filter(
      (f) => !f.startsWith('contact/thanks/'),
    );
    expect(twins.length).toBeGreaterThan(100);
    expect(full.match(/^<!-- https?:\/\/\S+ -->$/gm)?.length).toBe(twins.length);
  });
});

describe('/docs/', () => {
  it('is a page of the site, with its twin and in the sitemap, linking every piece of the documentation to a file the build wrote', async () => {
    const html = await site.read('docs/index.html');
    const twin = await site.read('docs/index.html.md');
    expect(html).toContain('<h1 id="documentation">Documentation</h1>');
    expect(twin).toMatch(/^# Documentation\n/);
    expect(await site.read('sitemap.xml')).toContain(`<loc>${baseUrl}/docs/</loc>`);
    const links = [...html.matchAll(/<main[\s\S]*?<\/main>/g)]
      .flatMap(([main]) => [...main.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!))
      .sort();
    expect(links).toEqual(
      [
        '/api/v1',
        '/api/v1/openapi.json',
        '/docs/agents/',
        '/docs/api/',
        '/docs/index.html.md',
        '/llms-full.txt',
        '/llms.txt',
      ].sort(),
    );
    for (const link of links) expect(existsSync(route(link)), link).toBe(true);
  });
});

describe('fingerprinted assets', () => {
  it("are named by their bytes, the browser's search engine too, and every page loads its stylesheet and scripts by those names", async () => {
    const assets = await site.files('assets/*.{css,js}');
    expect(assets.length).toBe(5);
    expect(assets).toContain(searchEnginePath().slice(1));
    for (const asset of assets) {
      const [, hash] = /\.([0-9a-f]{8})\.(css|js)$/.exec(asset) ?? [];
      expect(hash, asset).toBe(
        createHash('sha256')
          .update(await readFile(path.join(site.dir, asset)))
          .digest('hex')
          .slice(0, 8),
      );
    }
    for (const page of await site.files('**/index.html')) {
      const html = await site.read(page);
      const loaded = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:css|js))"/g)].map(
        (m) => m[1]!,
      );
      expect(loaded.length, page).toBeGreaterThanOrEqual(2);
      for (const url of loaded) expect(assets, `${page}: ${url}`).toContain(url.slice(1));
    }
  });

  it("has the search scripts load the browser's search engine by the name it is published under, bundled once per generator", async () => {
    expect(await site.files(searchEnginePath().slice(1))).toHaveLength(1);
    // Kept for the next build under the generator's fingerprint, so esbuild is not started again.
    const kept = path.join(PROJECT_DIR, 'node_modules/.cache/search-engine');
    expect((await readdir(kept)).filter((file) => file.endsWith('.js'))).toEqual([
      `${generatorFingerprint().slice(0, 16)}.js`,
    ]);
    expect(await readFile(path.join(kept, `${generatorFingerprint().slice(0, 16)}.js`))).toEqual(
      await readFile(path.join(site.dir, searchEnginePath())),
    );
    for (const script of ['search.js', 'search-box.js'] as const) {
      const source = await site.read(assetPath(script).slice(1));
      expect(
        [...source.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]),
        script,
      ).toEqual([searchEnginePath()]);
    }
  });
});

describe('feeds and discovery files', () => {
  it('lists every page in the sitemap and every post in the feed', async () => {
    const sitemap = await site.read('sitemap.xml');
    const pages = (await site.files('**/index.html')).filter(
      (f) => !f.startsWith('contact/thanks/'),
    );
    expect(sitemap.match(/<loc>/g)?.length).toBe(pages.length);
    expect(sitemap).not.toContain('/contact/thanks/');
    const feed = await site.read('posts/feed.xml');
    expect(feed.match(/<entry>/g)?.length).toBe(site.summary.records.posts);
    expect(await site.read('robots.txt')).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
  });
});

describe('determinism', () => {
  it('builds byte-identical output from the same content', async () => {
    const again = await buildSite();
    const digest = async (s: BuiltSite) => {
      const files = await s.files('**/*');
      const hashes = await Promise.all(
        files.map(async (f) => [
          f,
          createHash('sha256')
            .update(await readFile(path.join(s.dir, f)))
            .digest('hex'),
        ]),
      );
      return Object.fromEntries(hashes);
    };
    expect(await digest(again)).toEqual(await digest(site));
  });
});
