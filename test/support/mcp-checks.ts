import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, it } from 'vitest';
import type { Summary } from '../../core/summary.ts';

const run = promisify(execFile);

/** The MCP Inspector's command line: it needs Node 22.19 or later (CI's Node 22 and 24 runs). */
const INSPECTOR = path.resolve(
  import.meta.dirname,
  '../../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
);
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
export const inspectorRuns = major > 22 || (major === 22 && minor >= 19);

/**
 * The MCP endpoint of a running host, through clients nobody here wrote: the SDK's own
 * Client over Streamable HTTP (which checks each structuredContent against its tool's
 * outputSchema) and the MCP Inspector's command line. `client` gives each test its own
 * sender address, so no test spends another's read limit.
 */
export function mcpChecks(origin: () => string, client: () => string): void {
  async function connect(): Promise<Client> {
    const sdkClient = new Client({ name: 'contract-suite', version: '1.0.0' });
    const sender = client();
    await sdkClient.connect(
      new StreamableHTTPClientTransport(new URL(`${origin()}/mcp`), {
        requestInit: { headers: { 'X-Forwarded-For': sender } },
      }),
    );
    return sdkClient;
  }
  const get = (p: string, headers: Record<string, string> = {}) =>
    fetch(origin() + p, { headers: { 'X-Forwarded-For': client(), ...headers } });

  it("lists the three read-only tools, and each answers as the API and the site's twins do", async () => {
    const mcp = await connect();
    try {
      const { tools } = await mcp.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['search', 'fetch', 'list']);

      const api = (await (await get('/api/v1/search?q=record')).json()) as {
        data: (Summary & { collection: string })[];
      };
      const search = (await mcp.callTool({ name: 'search', arguments: { query: 'record' } }))
        .structuredContent as { results: { id: string; url: string }[] };
      const best = api.data[0]!;
      expect(search.results[0]).toMatchObject({
        id: `${best.collection}/${best.slug}`,
        url: best.url,
      });

      const fetched = (
        await mcp.callTool({
          name: 'fetch',
          arguments: { id: search.results[0]!.id, maxChars: 50_000 },
        })
      ).structuredContent as { text: string };
      const twin = await get(new URL(best.url).pathname, { Accept: 'text/markdown' });
      expect(twin.status).toBe(200);
      expect(fetched.text).toBe(await twin.text());

      const page = (await (await get('/api/v1/threats?limit=50')).json()) as { data: Summary[] };
      const listed = (await mcp.callTool({ name: 'list', arguments: { collection: 'threats' } }))
        .structuredContent as { items: { id: string }[]; total: number };
      expect(listed.items.map((item) => item.id)).toEqual(
        page.data.map((summary) => `threats/${summary.slug}`),
      );
    } finally {
      await mcp.close();
    }
  });

  it('answers /mcp under the read limit, and GET with 405 and Allow: POST', async () => {
    const res = await fetch(`${origin()}/mcp`, {
      method: 'POST',
      headers: {
        'X-Forwarded-For': client(),
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(res.headers.get('ratelimit-limit')).toBe('600');
    expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    const stream = await get('/mcp', { Accept: 'text/event-stream' });
    expect(stream.status).toBe(405);
    expect(stream.headers.get('allow')).toBe('POST');
    expect(stream.headers.get('ratelimit-limit')).toBe('600');
  });

  it.runIf(inspectorRuns)(
    "the MCP Inspector's command line lists the tools and calls each one",
    async () => {
      const inspect = async (...args: string[]) => {
        const { stdout } = await run(process.execPath, [
          INSPECTOR,
          '--cli',
          `${origin()}/mcp`,
          '--transport',
          'http',
          '--header',
          `X-Forwarded-For: ${client()}`,
          ...args,
        ]);
        return JSON.parse(stdout) as Record<string, unknown>;
      };
      const listed = (await inspect('--method', 'tools/list')) as { tools: { name: string }[] };
      expect(listed.tools.map((tool) => tool.name)).toEqual(['search', 'fetch', 'list']);
      const call = (tool: string, ...args: string[]) =>
        inspect(
          '--method',
          'tools/call',
          '--tool-name',
          tool,
          ...args.flatMap((a) => ['--tool-arg', a]),
        );
      const found = (await call('search', 'query=record', 'limit=2')) as {
        structuredContent: { results: { id: string }[] };
      };
      expect(found.structuredContent.results).toHaveLength(2);
      const read = (await call('fetch', `id=${found.structuredContent.results[0]!.id}`)) as {
        structuredContent: { id: string; text: string };
      };
      expect(read.structuredContent.id).toBe(found.structuredContent.results[0]!.id);
      expect(read.structuredContent.text).toMatch(/^# /);
      const listed2 = (await call('list', 'collection=posts')) as {
        structuredContent: { items: unknown[]; total: number };
      };
      expect(listed2.structuredContent.items.length).toBe(listed2.structuredContent.total);
    },
    // Four runs of the Inspector; under Netlify's emulator each request starts an edge worker.
    180_000,
  );
}
