import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_KEYS, type CollectionKey } from '../core/collections.ts';
import type { Summary } from '../core/summary.ts';
import { build } from '../generator/build.ts';
import { textWindow } from '../runtime/mcp/text-window.ts';
import { type App, createApp } from '../server/app.ts';
import { writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/**
 * The MCP endpoint in process, through the SDK's own client and its Streamable HTTP
 * transport (which checks every structuredContent against the tool's outputSchema), and
 * over raw HTTP for what a client library never sends.
 */
const PER_COLLECTION = 60;
const SITE = 'https://detour.example';
const LOCAL = 'http://127.0.0.1:8888';
const ALLOWED = 'https://console.example.com';

let dist: string;
let app: App;
let clientCount = 0;

const summaries = async (key: CollectionKey): Promise<Summary[]> =>
  JSON.parse(await readFile(path.join(dist, '_data/summaries', `${key}.json`), 'utf8'));
const twin = (key: CollectionKey, slug: string) =>
  readFile(path.join(dist, key, slug, 'index.html.md'), 'utf8');

/** A request to the app as a client of its own address, unless `client` names one. */
function send(url: string | URL, init: RequestInit = {}, client = `10.0.0.${++clientCount}`) {
  return app(new Request(url, init), { remoteAddress: client });
}

async function connect(): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  const remoteAddress = `10.1.0.${++clientCount}`;
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${LOCAL}/mcp`), {
      fetch: (url, init) => app(new Request(url, init), { remoteAddress }),
    }),
  );
  // The server does not check its own answers; a client that has listed the tools checks
  // every structuredContent against its tool's outputSchema.
  await client.listTools();
  return client;
}

const structured = <T>(result: Awaited<ReturnType<Client['callTool']>>): T => {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  // The text block carries the same content, for clients that read only text.
  const [block] = result.content as CallToolResult['content'];
  expect(block?.type).toBe('text');
  expect(JSON.parse((block as { text: string }).text)).toEqual(result.structuredContent);
  return result.structuredContent as T;
};

const errorText = (result: Awaited<ReturnType<Client['callTool']>>): string => {
  expect(result.isError).toBe(true);
  return (result.content as { text: string }[]).map((block) => block.text).join('\n');
};

/** A JSON-RPC exchange as sent by hand: the headers a conforming client sends, unless replaced. */
const rpc = (body: unknown, headers: Record<string, string> = {}, client?: string) =>
  send(
    `${LOCAL}/mcp`,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    client,
  );

beforeAll(async () => {
  const root = await temporaryDirectory('mcp-');
  await writeSyntheticCorpus(path.join(root, 'content'), PER_COLLECTION);
  dist = path.join(root, 'dist');
  await build({ contentDir: path.join(root, 'content'), outDir: dist });
  app = await createApp({
    distDir: dist,
    dataDir: path.join(root, 'data'),
    mcpAllowedOrigins: [ALLOWED],
  });
});

describe('the tools', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  });
  afterAll(() => client.close());

  it('are search, fetch and list, each read-only, idempotent, closed-world, with an output schema and a description', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search', 'fetch', 'list']);
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({
        readOnlyHint: true,
        idempotentHint: true,
        openWorldHint: false,
      });
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description?.length).toBeGreaterThan(80);
    }
    expect(client.getInstructions()).toMatch(/search.*fetch.*list/s);
  });

  it('search finds what /api/v1/search finds, in its order, and narrows to a collection after ranking', async () => {
    let narrowed = 0;
    for (const query of ['record', 'sandbox pol', 'posts record 1', 'agent prompt']) {
      const api = (await (
        await send(`${LOCAL}/api/v1/search?q=${encodeURIComponent(query)}&limit=200`)
      ).json()) as { data: (Summary & { collection: CollectionKey })[] };
      const ids = api.data.map((hit) => `${hit.collection}/${hit.slug}`);
      expect(ids.length, query).toBeGreaterThan(0);
      const { results } = structured<{ results: { id: string }[] }>(
        await client.callTool({ name: 'search', arguments: { query } }),
      );
      expect(results.map((hit) => hit.id)).toEqual(ids.slice(0, 10));
      // Both are the start of one ranking: the API's is cut at 200 hits, the tool's at 50.
      const inPosts = structured<{ results: { id: string; collection: string }[] }>(
        await client.callTool({
          name: 'search',
          arguments: { query, collection: 'posts', limit: 50 },
        }),
      ).results.map((hit) => hit.id);
      const apiInPosts = ids.filter((id) => id.startsWith('posts/'));
      const shared = Math.min(inPosts.length, apiInPosts.length);
      narrowed += shared;
      expect(inPosts.slice(0, shared)).toEqual(apiInPosts.slice(0, shared));
      expect(inPosts.every((id) => id.startsWith('posts/'))).toBe(true);
    }
    expect(narrowed).toBeGreaterThan(10);
    const one = structured<{ results: unknown[] }>(
      await client.callTool({ name: 'search', arguments: { query: 'record', limit: 1 } }),
    );
    expect(one.results).toHaveLength(1);
  });

  it('search refuses a query of spaces, a limit out of 1 to 50 and an overlong query, saying what to change', async () => {
    expect(
      errorText(await client.callTool({ name: 'search', arguments: { query: '   ' } })),
    ).toMatch(/at least one word/);
    expect(
      errorText(await client.callTool({ name: 'search', arguments: { query: 'a', limit: 51 } })),
    ).toMatch(/limit/);
    expect(
      errorText(await client.callTool({ name: 'search', arguments: { query: 'a'.repeat(513) } })),
    ).toMatch(/query/);
    expect(
      errorText(
        await client.callTool({ name: 'search', arguments: { query: 'a', collection: 'nope' } }),
      ),
    ).toMatch(/threats/);
  });

  it('fetch gives the Markdown twin, byte for byte as the site serves it for Accept: text/markdown, by id or page URL', async () => {
    const [first] = await summaries('threats');
    const expected = await twin('threats', first!.slug);
    const served = await send(`${LOCAL}/threats/${first!.slug}/`, {
      headers: { Accept: 'text/markdown' },
    });
    expect(await served.text()).toBe(expected);
    for (const id of [
      `threats/${first!.slug}`,
      first!.url,
      `${SITE}/threats/${first!.slug}`,
      `${LOCAL}/threats/${first!.slug}/`,
      `${SITE}/threats/${first!.slug}/index.html.md`,
      `/threats/${first!.slug}/`,
    ]) {
      const record = structured<{
        id: string;
        title: string;
        url: string;
        text: string;
        nextOffset?: number;
        metadata: Record<string, unknown>;
      }>(await client.callTool({ name: 'fetch', arguments: { id, maxChars: 50_000 } }));
      expect(record, id).toMatchObject({
        id: `threats/${first!.slug}`,
        title: first!.title,
        url: first!.url,
        text: expected,
        metadata: {
          collection: 'threats',
          slug: first!.slug,
          category: first!.category,
          lastUpdated: first!.lastUpdated,
          totalChars: expected.length,
        },
      });
      expect(record.nextOffset).toBeUndefined();
    }
  });

  it('fetch pages a long text: the parts, each at most maxChars and ending between lines or words, make the whole', async () => {
    const [record] = await summaries('posts');
    const whole = await twin('posts', record!.slug);
    expect(whole.length).toBeGreaterThan(2500);
    const parts: string[] = [];
    let offset: number | undefined = 0;
    while (offset !== undefined) {
      const part: { text: string; nextOffset?: number } = structured(
        await client.callTool({
          name: 'fetch',
          arguments: { id: `posts/${record!.slug}`, offset, maxChars: 1000 },
        }),
      );
      expect(part.text.length).toBeLessThanOrEqual(1000);
      if (part.nextOffset !== undefined) {
        expect(part.text).toMatch(/[\n ]$/);
        expect(part.nextOffset).toBe(offset + part.text.length);
      }
      parts.push(part.text);
      offset = part.nextOffset;
    }
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.join('')).toBe(whole);
    expect(
      errorText(
        await client.callTool({
          name: 'fetch',
          arguments: { id: `posts/${record!.slug}`, offset: whole.length + 1 },
        }),
      ),
    ).toMatch(new RegExp(`has ${whole.length} characters`));
  });

  it('fetch answers an unknown id, or a URL of another site, with a tool error saying how to find ids', async () => {
    for (const id of [
      'threats/no-such-record',
      'nope/threats-record-0',
      'threats-record-0',
      'https://elsewhere.example/threats/threats-record-0/',
      '../../_data/service.json',
      'threats/../../etc/passwd',
    ]) {
      expect(errorText(await client.callTool({ name: 'fetch', arguments: { id } })), id).toMatch(
        /use search or list to find ids/,
      );
    }
  });

  it('list goes through a collection in the list order, 50 at a time, and filters by updatedSince', async () => {
    const all = await summaries('glossary');
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page: {
        items: { id: string; lastUpdated?: string }[];
        total: number;
        nextCursor?: string;
      } = structured(
        await client.callTool({
          name: 'list',
          arguments: { collection: 'glossary', ...(cursor ? { cursor } : {}) },
        }),
      );
      expect(page.total).toBe(all.length);
      expect(page.items.length).toBeLessThanOrEqual(50);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((summary) => `glossary/${summary.slug}`));

    const since = '2026-05-01';
    const recent = all.filter((summary) => summary.lastUpdated >= since);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(all.length);
    const filtered = structured<{ items: { id: string }[]; total: number; nextCursor?: string }>(
      await client.callTool({
        name: 'list',
        arguments: { collection: 'glossary', updatedSince: since },
      }),
    );
    expect(filtered.total).toBe(recent.length);
    expect(filtered.items.map((item) => item.id)).toEqual(
      recent.slice(0, 50).map((summary) => `glossary/${summary.slug}`),
    );
  });

  it('list refuses a cursor it did not give, or one used with another updatedSince', async () => {
    const first = structured<{ nextCursor?: string }>(
      await client.callTool({ name: 'list', arguments: { collection: 'threats' } }),
    );
    expect(first.nextCursor).toBeDefined();
    expect(
      errorText(
        await client.callTool({
          name: 'list',
          arguments: {
            collection: 'threats',
            cursor: first.nextCursor,
            updatedSince: '2026-01-01',
          },
        }),
      ),
    ).toMatch(/same updatedSince/);
    for (const cursor of ['nope', Buffer.from('{"offset":-1}').toString('base64url')]) {
      expect(
        errorText(
          await client.callTool({ name: 'list', arguments: { collection: 'threats', cursor } }),
        ),
      ).toMatch(/not one this tool gave/);
    }
    expect(
      errorText(
        await client.callTool({
          name: 'list',
          arguments: { collection: 'threats', updatedSince: '1 May' },
        }),
      ),
    ).toMatch(/updatedSince/);
  });

  it('serves each record as a resource of its collection template, completes slugs, and refuses an unknown one', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(
      COLLECTION_KEYS.map((key) => `${SITE}/${key}/{slug}/`),
    );
    const [first] = await summaries('ai');
    const read = await client.readResource({ uri: first!.url });
    expect(read.contents).toEqual([
      { uri: first!.url, mimeType: 'text/markdown', text: await twin('ai', first!.slug) },
    ]);
    await expect(client.readResource({ uri: `${SITE}/ai/no-such-record/` })).rejects.toThrow(
      /No ai record/,
    );
    const completion = await client.complete({
      ref: { type: 'ref/resource', uri: `${SITE}/ai/{slug}/` },
      argument: { name: 'slug', value: 'ai-record-1' },
    });
    expect(completion.completion.values).toContain('ai-record-1');
    expect(completion.completion.values.every((slug) => slug.startsWith('ai-record-1'))).toBe(true);
  });

  it('answers concurrent clients each with their own results', async () => {
    const clients = await Promise.all(Array.from({ length: 8 }, () => connect()));
    const answers = await Promise.all(
      clients.flatMap((each, i) =>
        Array.from({ length: 4 }, (_, j) =>
          each
            .callTool({ name: 'fetch', arguments: { id: `apps/apps-record-${i * 4 + j}` } })
            .then((result) => ({ expected: `apps/apps-record-${i * 4 + j}`, result })),
        ),
      ),
    );
    for (const { expected, result } of answers)
      expect(structured<{ id: string }>(result).id).toBe(expected);
    await Promise.all(clients.map((each) => each.close()));
  });
});

describe('the endpoint over HTTP', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    },
  };

  it('answers in JSON, without a session, under the read limit and its headers', async () => {
    const res = await rpc(initialize);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.headers.get('ratelimit-limit')).toBe('600');
    expect(res.headers.get('ratelimit-policy')).toBe('600;w=60');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = (await res.json()) as { result: { serverInfo: { version: string } } };
    expect(body.result.serverInfo.version).toBe('1.0.0');
  });

  it('answers GET, DELETE and other methods with 405 and Allow: POST, and a CORS preflight from an allowed origin', async () => {
    for (const method of ['GET', 'DELETE', 'PUT', 'HEAD']) {
      const res = await send(`${LOCAL}/mcp`, {
        method,
        headers: { Accept: 'text/event-stream' },
      });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    const preflight = await send(`${LOCAL}/mcp`, {
      method: 'OPTIONS',
      headers: { Origin: ALLOWED, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Mcp-Protocol-Version/);
  });

  it("refuses an Origin that is neither the site's nor a configured one with 403, and takes those", async () => {
    for (const origin of ['http://evil.example', 'http://127.0.0.1:8888', 'null']) {
      const res = await rpc(initialize, { Origin: origin });
      expect(res.status, origin).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
        /MCP_ALLOWED_ORIGINS/,
      );
      const preflight = await send(`${LOCAL}/mcp`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).toBe(403);
    }
    for (const origin of [SITE, ALLOWED])
      expect((await rpc(initialize, { Origin: origin })).status).toBe(200);
  });

  it('answers malformed JSON with -32700, an unknown method with -32601, and malformed params with an error naming the field', async () => {
    const parse = await rpc('{"jsonrpc":"2.0",');
    expect(parse.status).toBe(400);
    expect(((await parse.json()) as { error: { code: number } }).error.code).toBe(-32700);

    const unknown = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/destroy' });
    expect(((await unknown.json()) as { error: { code: number } }).error.code).toBe(-32601);

    // The SDK answers -32603 here, not -32602 (docs/api.md, "MCP for agents"); what matters is that it names the field.
    const badParams = await rpc({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 7 },
    });
    expect(badParams.status).toBe(200);
    const { error } = (await badParams.json()) as { error: { code: number; message: string } };
    expect(error.code).toBeLessThan(-32000);
    expect(error.message).toMatch(/"name"/);
  });

  it('refuses a body over 64 KiB with 413, and wrong content types or Accept headers with a 4xx', async () => {
    const big = {
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'search', arguments: { query: 'x'.repeat(70_000) } },
    };
    expect((await rpc(big)).status).toBe(413);
    // A body of no declared length (chunked) is read as a stream, up to the same cap.
    const streamed = (body: unknown) =>
      send(`${LOCAL}/mcp`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: new Blob([JSON.stringify(body)]).stream(),
        duplex: 'half',
      } as RequestInit);
    expect((await streamed(big)).status).toBe(413);
    const small = await streamed({ jsonrpc: '2.0', id: 8, method: 'ping' });
    expect(await small.json()).toEqual({ jsonrpc: '2.0', id: 8, result: {} });
    expect((await rpc(initialize, { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await rpc('not JSON', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await rpc(initialize, { Accept: 'text/html' })).status).toBe(406);
  });

  it('answers a batch of requests with one answer each', async () => {
    const res = await rpc([initialize, { jsonrpc: '2.0', id: 5, method: 'tools/list' }]);
    expect(res.status).toBe(400);
    const batch = await rpc([
      { jsonrpc: '2.0', id: 6, method: 'tools/list' },
      { jsonrpc: '2.0', id: 7, method: 'ping' },
    ]);
    expect(batch.status).toBe(200);
    const answers = (await batch.json()) as { id: number }[];
    expect(answers.map((answer) => answer.id).sort()).toEqual([6, 7]);
  });
});

describe('the read limit', () => {
  it('counts /mcp with the API: over the limit, 429 with Retry-After', async () => {
    const root = await temporaryDirectory('mcp-limit-');
    const limited = await createApp({
      distDir: dist,
      dataDir: path.join(root, 'data'),
      readRateLimit: { limit: 3, windowSeconds: 60 },
    });
    const ask = (target: string, init: RequestInit = {}) =>
      limited(new Request(`${LOCAL}${target}`, init), { remoteAddress: '10.9.9.9' });
    expect((await ask('/api/v1')).status).toBe(200);
    expect((await ask('/mcp')).status).toBe(405);
    const third = await ask('/api/v1/search?q=record');
    expect(third.headers.get('ratelimit-remaining')).toBe('0');
    const over = await ask('/mcp', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: '{}',
    });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('a part of a text', () => {
  it('never ends between the halves of a surrogate pair, and the next part takes it whole', () => {
    const text = `${'a'.repeat(999)}\u{1F600}${'b'.repeat(10)}`;
    const first = textWindow(text, 0, 1000);
    expect(first).toEqual({ text: 'a'.repeat(999), nextOffset: 999 });
    expect(textWindow(text, 999, 1000)).toEqual({ text: `\u{1F600}${'b'.repeat(10)}` });
  });
});
