import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from '../generator/build.ts';
import { createSearch } from '../runtime/search.ts';
import { createApp } from '../server/app.ts';
import { listen } from '../server/listen.ts';
import { writeSyntheticCorpus } from '../test/support/synthetic-corpus.ts';
import { benchOrgApi } from './org-api.ts';

/**
 * The search half of `npm run bench`: search latency (p50/p99) in process and over HTTP on
 * loopback, and the index's load time, for the shipped content and a synthetic
 * 10,000-record corpus. Over HTTP, a static read of /api/v1 in the same run is the baseline,
 * also for authenticated reads of the instance API (bench/org-api.ts).
 */
const QUERIES_IN_PROCESS = 2000;
const QUERIES_OVER_HTTP = 500;
/** The MCP search tool's default number of results; the API is asked for as many to compare the same search. */
const TOOL_LIMIT = 10;
const LOADS = 15;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ms = (n: number) => `${n.toFixed(3)} ms`;

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

async function measure(label: string, dist: string): Promise<void> {
  const indexJson = await readFile(path.join(dist, '_data/search-index.json'), 'utf8');
  const loads: number[] = [];
  let search = createSearch(indexJson);
  for (let i = 0; i < LOADS; i++) {
    const [s, t] = await time(() => createSearch(indexJson));
    search = s;
    loads.push(t);
  }
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
  for (const q of mix.slice(0, 200)) search.search(q, 50);
  const inProcess: number[] = [];
  for (const q of mix) inProcess.push((await time(() => search.search(q, 50)))[1]);

  const server = await listen(
    await createApp({
      distDir: dist,
      dataDir: path.join(dist, '..', 'data'),
      readRateLimit: { limit: 1e9, windowSeconds: 60 },
    }),
    { port: 0, hostname: '127.0.0.1' },
  );
  const httpSearch: number[] = [];
  const httpStatic: number[] = [];
  const apiTen: number[] = [];
  const toolCall: number[] = [];
  // One tools/call per POST, as a stateless client sends it after its initialize.
  const callSearchTool = async (q: string, id: number) => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'Mcp-Protocol-Version': '2025-06-18',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'search', arguments: { query: q, limit: TOOL_LIMIT } },
      }),
    });
    const body = (await res.json()) as { result?: { isError?: boolean } };
    if (!res.ok || !body.result || body.result.isError)
      throw new Error(`The MCP search tool failed for "${q}": ${JSON.stringify(body)}`);
  };
  try {
    for (const q of mix.slice(0, 50))
      await (await fetch(`${server.url}/api/v1/search?q=${encodeURIComponent(q)}`)).arrayBuffer();
    for (const q of mix.slice(0, QUERIES_OVER_HTTP)) {
      httpSearch.push(
        (
          await time(async () =>
            (await fetch(`${server.url}/api/v1/search?q=${encodeURIComponent(q)}`)).arrayBuffer(),
          )
        )[1],
      );
      httpStatic.push(
        (await time(async () => (await fetch(`${server.url}/api/v1`)).arrayBuffer()))[1],
      );
    }
    for (const [i, q] of mix.slice(0, 50).entries()) await callSearchTool(q, i);
    for (const [i, q] of mix.slice(0, QUERIES_OVER_HTTP).entries()) {
      apiTen.push(
        (
          await time(async () =>
            (
              await fetch(
                `${server.url}/api/v1/search?q=${encodeURIComponent(q)}&limit=${TOOL_LIMIT}`,
              )
            ).arrayBuffer(),
          )
        )[1],
      );
      toolCall.push((await time(() => callSearchTool(q, i)))[1]);
    }
  } finally {
    await server.close();
  }
  const staticP50 = percentile(httpStatic, 50);
  console.log(
    `\n${label}: ${search.documentCount} records, index ${(indexJson.length / 1024).toFixed(0)} KiB`,
  );
  console.log(`  index load (loadJSON)    median ${ms(percentile(loads, 50))} over ${LOADS} loads`);
  console.log(
    `  search in process        p50 ${ms(percentile(inProcess, 50))}  p99 ${ms(percentile(inProcess, 99))}  (${QUERIES_IN_PROCESS} queries)`,
  );
  console.log(
    `  search over HTTP         p50 ${ms(percentile(httpSearch, 50))}  p99 ${ms(percentile(httpSearch, 99))}  (${QUERIES_OVER_HTTP} queries)`,
  );
  console.log(
    `  baseline GET /api/v1     p50 ${ms(staticP50)}  p99 ${ms(percentile(httpStatic, 99))}`,
  );
  console.log(`  search / baseline (p50)  ${(percentile(httpSearch, 50) / staticP50).toFixed(2)}x`);
  console.log(
    `  API search, ${TOOL_LIMIT} results   p50 ${ms(percentile(apiTen, 50))}  p99 ${ms(percentile(apiTen, 99))}`,
  );
  console.log(
    `  MCP search tool call     p50 ${ms(percentile(toolCall, 50))}  p99 ${ms(percentile(toolCall, 99))}  (POST /mcp, ${QUERIES_OVER_HTTP} calls)`,
  );
  console.log(
    `  tool call / API (p50)    ${(percentile(toolCall, 50) / percentile(apiTen, 50)).toFixed(2)}x`,
  );
}

export async function benchSearch(): Promise<void> {
  const root = await mkdtemp(path.join(tmpdir(), 'bench-search-'));
  try {
    const shipped = path.join(root, 'shipped');
    await build({ contentDir: path.resolve(import.meta.dirname, '../content'), outDir: shipped });
    await measure('Shipped content', shipped);
    await benchOrgApi(shipped, path.join(root, 'org-api-data'));
    const synthetic = path.join(root, 'synthetic');
    const syntheticContent = path.join(root, 'synthetic-content');
    await writeSyntheticCorpus(syntheticContent, 1667);
    await build({ contentDir: syntheticContent, outDir: synthetic });
    await measure('Synthetic corpus', synthetic);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
