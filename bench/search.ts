import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  STATIC_SEARCH_FOLDER,
  STATIC_SEARCH_HEADER,
  type StaticSearchHeader,
} from '../core/static-search-index.ts';
import { staticSearchOnDisk } from '../runtime/static-search-on-disk.ts';
import { type ServedSite, startHost } from '../test/support/host-process.ts';
import { toolCallInit } from '../test/support/mcp-request.ts';
import { writeSyntheticCorpus } from '../test/support/synthetic-corpus.ts';
import { benchOrgApi } from './org-api.ts';

/**
 * The search half of `npm run bench`: the functions' search over the static index on disk
 * (runtime/static-search-on-disk.ts), in process and over HTTP on loopback from `npm start`'s
 * own process: a new engine's first search, which reads every file it needs, then the
 * latency (p50/p99) of an engine that has read them, and an MCP search tool call against the
 * same search through the API, for the shipped content and a synthetic 10,000-record corpus.
 * Over HTTP, a static read of /api/v1 in the same run is the baseline, also for
 * authenticated reads of the instance API (bench/org-api.ts).
 */
const QUERIES_IN_PROCESS = 2000;
const QUERIES_OVER_HTTP = 500;
/** The MCP search tool's default number of results; the API is asked for as many to compare the same search. */
const TOOL_LIMIT = 10;
/** New engines, each timed on its first search. */
const FIRST_SEARCHES = 15;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ms = (n: number) => `${n.toFixed(3)} ms`;

/** The n-th client's address: every request over HTTP is a client of its own. */
const client = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Deterministic query mix: whole words, prefixes, two-term queries and misses, from the corpus's own titles. */
function queries(titles: string[], count: number): string[] {
  const words = [
    ...new Set(
      titles.flatMap((t) => t.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length > 2),
    ),
  ];
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = () => words[Math.floor(next() * words.length)]!;
  return Array.from({ length: count }, (_, i) => {
    switch (i % 4) {
      case 0:
        return pick();
      case 1:
        return pick().slice(0, 4);
      case 2:
        return `${pick()} ${pick().slice(0, 3)}`;
      default:
        return `${pick()} zzqx${i}`;
    }
  });
}

async function time<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

/** The static index's header, and the size of every file of it. */
async function staticIndexSize(dist: string) {
  const headerFile = path.join(dist, STATIC_SEARCH_HEADER);
  const header = JSON.parse(await readFile(headerFile, 'utf8')) as StaticSearchHeader;
  const folder = path.join(dist, STATIC_SEARCH_FOLDER);
  const files = [headerFile, ...(await readdir(folder)).map((name) => path.join(folder, name))];
  const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
  return {
    documentCount: header.documentCount,
    files: files.length,
    bytes: sizes.reduce((a, b) => a + b, 0),
  };
}

async function measure(label: string, site: ServedSite): Promise<void> {
  // The server runs as users run it, `npm start` in a process of its own (which builds the
  // site for its own address), so its work and the client's are not timed on one thread.
  // Each request comes from a client of its own (TRUST_PROXY=1 and X-Forwarded-For), so the
  // read limit never answers 429.
  // Building 10,000 records for the server's address takes longer than a test's site.
  const host = await startHost(
    'server/start.ts',
    site,
    { TRUST_PROXY: '1' },
    { startSeconds: 600 },
  );
  try {
    const dist = site.distDir;
    const index = await staticIndexSize(dist);
    const titles = (
      await Promise.all(
        ['threats', 'glossary', 'exposures', 'apps', 'ai', 'posts'].map(
          async (k) =>
            JSON.parse(await readFile(path.join(dist, '_data/summaries', `${k}.json`), 'utf8')) as {
              title: string;
            }[],
        ),
      )
    )
      .flat()
      .map((s) => s.title);
    const mix = queries(titles, QUERIES_IN_PROCESS);
    // Each engine is new, so its first search reads from disk every file it needs.
    const firstSearches: number[] = [];
    for (const q of mix.slice(0, FIRST_SEARCHES))
      firstSearches.push((await time(() => staticSearchOnDisk(dist).search(q, 50)))[1]);
    const search = staticSearchOnDisk(dist);
    for (const q of mix) await search.search(q, 50);
    const inProcess: number[] = [];
    for (const q of mix) inProcess.push((await time(() => search.search(q, 50)))[1]);

    let clients = 0;
    const asClient = (init: RequestInit = {}): RequestInit => ({
      ...init,
      headers: {
        ...(init.headers as Record<string, string>),
        'X-Forwarded-For': client(clients++),
      },
    });
    // Every answer is read as its client reads it, as JSON, the tool call's as much as the API's.
    const get = async (target: string) => (await fetch(`${host.url}${target}`, asClient())).json();
    // One tools/call per POST, as a stateless client sends it after its initialize.
    const callSearchTool = async (q: string, id: number) => {
      const res = await fetch(
        `${host.url}/mcp`,
        asClient(toolCallInit('search', { query: q, limit: TOOL_LIMIT }, id)),
      );
      const body = (await res.json()) as { result?: { isError?: boolean } };
      if (!res.ok || !body.result || body.result.isError)
        throw new Error(`The MCP search tool failed for "${q}": ${JSON.stringify(body)}`);
    };
    const searchPath = (q: string, limit?: number) =>
      `/api/v1/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`;
    const httpSearch: number[] = [];
    const httpStatic: number[] = [];
    const apiTen: number[] = [];
    const apiDefault: number[] = [];
    const toolCall: number[] = [];
    for (const [i, q] of mix.slice(0, 50).entries()) {
      await get(searchPath(q));
      await callSearchTool(q, i);
    }
    for (const q of mix.slice(0, QUERIES_OVER_HTTP)) {
      httpSearch.push((await time(() => get(searchPath(q))))[1]);
      httpStatic.push((await time(() => get('/api/v1')))[1]);
    }
    // The tool call and the same search through the API (as many results, and the API's
    // default), in a loop of their own and in turns, so that each follows the others as
    // often: a static read just before one of them slows the tool call more than the API
    // (docs/benchmarks.md).
    for (const [i, q] of mix.slice(0, QUERIES_OVER_HTTP).entries()) {
      const steps = [
        async () => apiTen.push((await time(() => get(searchPath(q, TOOL_LIMIT))))[1]),
        async () => apiDefault.push((await time(() => get(searchPath(q))))[1]),
        async () => toolCall.push((await time(() => callSearchTool(q, i)))[1]),
      ];
      for (const step of [...steps.slice(i % 3), ...steps.slice(0, i % 3)]) await step();
    }
    const staticP50 = percentile(httpStatic, 50);
    console.log(
      `\n${label}: ${index.documentCount} records, static index ${(index.bytes / 1024).toFixed(0)} KiB in ${index.files} files`,
    );
    console.log(
      `  first search, new engine median ${ms(percentile(firstSearches, 50))} over ${FIRST_SEARCHES} engines (each reads the files its query needs)`,
    );
    console.log(
      `  search in process        p50 ${ms(percentile(inProcess, 50))}  p99 ${ms(percentile(inProcess, 99))}  (${QUERIES_IN_PROCESS} queries, warm: each reads only the header again)`,
    );
    console.log(
      `  search over HTTP         p50 ${ms(percentile(httpSearch, 50))}  p99 ${ms(percentile(httpSearch, 99))}  (${QUERIES_OVER_HTTP} queries)`,
    );
    console.log(
      `  baseline GET /api/v1     p50 ${ms(staticP50)}  p99 ${ms(percentile(httpStatic, 99))}`,
    );
    console.log(
      `  search / baseline (p50)  ${(percentile(httpSearch, 50) / staticP50).toFixed(2)}x`,
    );
    console.log(
      `  API search, ${TOOL_LIMIT} results   p50 ${ms(percentile(apiTen, 50))}  p99 ${ms(percentile(apiTen, 99))}`,
    );
    console.log(
      `  MCP search tool call     p50 ${ms(percentile(toolCall, 50))}  p99 ${ms(percentile(toolCall, 99))}  (POST /mcp, ${QUERIES_OVER_HTTP} calls)`,
    );
    console.log(
      `  tool call / API (p50)    ${(percentile(toolCall, 50) / percentile(apiTen, 50)).toFixed(2)}x with ${TOOL_LIMIT} results each; ${(percentile(toolCall, 50) / percentile(apiDefault, 50)).toFixed(2)}x against the API's default (50, p50 ${ms(percentile(apiDefault, 50))})`,
    );
  } finally {
    await host.stop();
  }
}

export async function benchSearch(): Promise<void> {
  const root = await mkdtemp(path.join(tmpdir(), 'bench-search-'));
  try {
    const shipped: ServedSite = {
      contentDir: path.resolve(import.meta.dirname, '../content'),
      distDir: path.join(root, 'shipped'),
      dataDir: path.join(root, 'shipped-data'),
    };
    await measure('Shipped content', shipped);
    await benchOrgApi(shipped.distDir, path.join(root, 'org-api-data'));
    const synthetic: ServedSite = {
      contentDir: path.join(root, 'synthetic-content'),
      distDir: path.join(root, 'synthetic'),
      dataDir: path.join(root, 'synthetic-data'),
    };
    await writeSyntheticCorpus(synthetic.contentDir, 1667);
    await measure('Synthetic corpus', synthetic);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
