import net from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../server/app.ts';
import type { ConnectionLimits } from '../server/connection-limits.ts';
import { listen, type Listening } from '../server/listen.ts';
import { prepareSite, type ServedSite } from './support/host-process.ts';

/**
 * The local server under slow and many clients, on loopback. The real timeouts are
 * seconds long, so the behaviour is shown with short ones; the first test proves the real
 * ones are what a started server gets.
 */
let site: ServedSite;
let app: Awaited<ReturnType<typeof createApp>>;
const servers: Listening[] = [];
const sockets: net.Socket[] = [];

beforeAll(async () => {
  site = await prepareSite(1);
  app = await createApp({
    distDir: site.distDir,
    dataDir: site.dataDir,
    readRateLimit: { limit: 100_000, windowSeconds: 60 },
    contactRateLimit: { limit: 100_000, windowSeconds: 60 },
  });
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const SHORT: Partial<ConnectionLimits> = {
  headersTimeoutMs: 1_000,
  requestTimeoutMs: 2_000,
  keepAliveTimeoutMs: 500,
  idleTimeoutMs: 1_500,
  checkIntervalMs: 100,
  drainTimeoutMs: 1_000,
};

async function serve(
  limits: Partial<ConnectionLimits>,
  handler: Parameters<typeof listen>[0] = app,
): Promise<Listening> {
  const server = await listen(handler, { port: 0, hostname: '127.0.0.1', limits });
  servers.push(server);
  return server;
}

interface Held {
  socket: net.Socket;
  /** Everything the server sent, once it closed the connection; and when, in ms after opening. */
  closed: Promise<{ answer: string; afterMs: number }>;
}

/** A raw connection from a given loopback address (Linux routes all of 127/8 to loopback). */
function connect(server: Listening, from = '127.0.0.1'): Promise<Held> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    const socket = net.connect({ port: server.port, host: '127.0.0.1', localAddress: from });
    sockets.push(socket);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    // A server that cuts a connection may reset it: that counts as closed as well.
    socket.on('error', () => undefined);
    const closed = new Promise<{ answer: string; afterMs: number }>((done) =>
      socket.once('close', () => done({ answer, afterMs: Date.now() - opened })),
    );
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** Writes a piece every `everyMs` until the server closes the connection. */
function dribble(held: Held, piece: string, everyMs: number): void {
  const timer = setInterval(
    () => (held.socket.destroyed ? clearInterval(timer) : held.socket.write(piece)),
    everyMs,
  );
  void held.closed.then(() => clearInterval(timer));
}

const connections = (server: Listening) =>
  new Promise<number>((resolve, reject) =>
    server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

const get = async (server: Listening, path: string) => {
  const response = await fetch(`${server.url}${path}`);
  await response.arrayBuffer();
  return response.status;
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('connection limits of the local server', () => {
  it('a started server has the real limits: seconds, not minutes, and a connection cap', async () => {
    const { server } = await serve({});
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(30_000);
    expect(server.keepAliveTimeout).toBe(5_000);
    expect(server.timeout).toBe(60_000);
    expect(
      (server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval,
    ).toBe(1_000);
    expect(server.maxConnections).toBe(512);
  });

  it('keeps answering while idle, slow-header and slow-body clients hold connections, and closes those after the timeouts', async () => {
    const server = await serve({ ...SHORT, maxConnections: 400 });
    const ordinary = async () => {
      const started = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++)
        statuses.push(
          await get(server, ['/api/v1', '/api/v1/threats', '/', '/api/v1/search?q=a'][i % 4]!),
        );
      return { statuses, ms: Date.now() - started };
    };
    const alone = await ordinary();
    // 240 held connections from 8 addresses (30 each, under the per-client cap of 32).
    const from = (i: number) => `127.0.0.${2 + (i % 8)}`;
    const silent = await Promise.all(
      Array.from({ length: 80 }, (_, i) => connect(server, from(i))),
    );
    const slowHeaders = await Promise.all(
      Array.from({ length: 80 }, (_, i) => connect(server, from(i))),
    );
    const slowBodies = await Promise.all(
      Array.from({ length: 80 }, (_, i) => connect(server, from(i))),
    );
    for (const held of slowHeaders) {
      held.socket.write('GET /api/v1 HTTP/1.1\r\nHost: local\r\n');
      dribble(held, 'X-Slow: 1\r\n', 200);
    }
    for (const held of slowBodies) {
      held.socket.write(
        'POST /api/newsletter HTTP/1.1\r\nHost: local\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      dribble(held, ' ', 200);
    }
    // A connection the kernel completed is accepted by the server a moment later.
    await expect.poll(() => connections(server)).toBe(240);
    const held = await connections(server);

    // Meanwhile an ordinary client is served, request after request.
    const crowded = await ordinary();
    expect(crowded.statuses.every((status) => status === 200)).toBe(true);

    const [silentClosed, headersClosed, bodiesClosed] = await Promise.all(
      [silent, slowHeaders, slowBodies].map((group) => Promise.all(group.map((h) => h.closed))),
    );
    for (const { answer } of [...silentClosed!, ...headersClosed!, ...bodiesClosed!])
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    await expect.poll(() => connections(server)).toBe(0);
    console.log(
      [
        `held ${held} connections (80 silent, 80 slow headers, 80 slow bodies) from 8 addresses;`,
        `meanwhile 60 ordinary requests all 200 in ${crowded.ms} ms (${alone.ms} ms without them);`,
        `closed by the server (408) after a median of: silent ${median(silentClosed!.map((c) => c.afterMs))} ms,`,
        `slow headers ${median(headersClosed!.map((c) => c.afterMs))} ms (headers timeout ${SHORT.headersTimeoutMs} ms),`,
        `slow bodies ${median(bodiesClosed!.map((c) => c.afterMs))} ms (request timeout ${SHORT.requestTimeoutMs} ms)`,
      ].join(' '),
    );
  }, 30_000);

  it('closes an idle keep-alive connection, and one whose client stopped reading its answer', async () => {
    const big = new Uint8Array(32 * 1024 * 1024);
    const server = await serve(SHORT, async (request) =>
      new URL(request.url).pathname === '/big' ? new Response(big) : app(request),
    );
    // A client that does not read does not see its connection close either: watched from the server's side.
    const serverSide = new Promise<number>((resolve) =>
      server.server.once('request', (request) =>
        request.socket.once('close', () => resolve(Date.now())),
      ),
    );
    const stalled = await connect(server);
    const opened = Date.now();
    stalled.socket.pause(); // reads nothing: the answer backs up until the server gives up
    stalled.socket.write('GET /big HTTP/1.1\r\nHost: local\r\n\r\n');
    const keptAlive = await connect(server);
    keptAlive.socket.write('GET /api/v1 HTTP/1.1\r\nHost: local\r\n\r\n');
    const idle = await keptAlive.closed;
    expect(idle.answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const stalledMs = (await serverSide) - opened;
    expect(stalled.socket.bytesRead).toBeLessThan(big.length);
    await expect.poll(() => connections(server)).toBe(0);
    console.log(
      `idle keep-alive connection closed after ${idle.afterMs} ms (keep-alive timeout ${SHORT.keepAliveTimeoutMs} ms); a client that stopped reading its 32 MB answer after ${stalledMs} ms (idle timeout ${SHORT.idleTimeoutMs} ms)`,
    );
  }, 30_000);

  it('holds at most maxConnectionsPerClient from one client, and goes on serving the others', async () => {
    const server = await serve({ ...SHORT, maxConnectionsPerClient: 5 });
    const mine = await Promise.all(Array.from({ length: 8 }, () => connect(server, '127.0.0.20')));
    // The three beyond the cap are closed at once, without an answer; the first five stay open.
    const cut = await Promise.race([
      Promise.all(mine.slice(5).map((h) => h.closed)),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 500)),
    ]);
    expect(cut).toEqual([
      { answer: '', afterMs: expect.any(Number) },
      { answer: '', afterMs: expect.any(Number) },
      { answer: '', afterMs: expect.any(Number) },
    ]);
    expect(mine.slice(0, 5).every((h) => !h.socket.destroyed)).toBe(true);
    // Another address is served; so is the first once it holds fewer.
    const other = await connect(server, '127.0.0.21');
    other.socket.write('GET /api/v1 HTTP/1.1\r\nHost: local\r\nConnection: close\r\n\r\n');
    expect((await other.closed).answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    mine[0]!.socket.write('GET /api/v1 HTTP/1.1\r\nHost: local\r\nConnection: close\r\n\r\n');
    expect((await mine[0]!.closed).answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  }, 30_000);

  it('holds at most maxConnections in all, and accepts again once some close', async () => {
    const server = await serve({ ...SHORT, maxConnections: 10 });
    const first = await Promise.all(
      Array.from({ length: 10 }, (_, i) => connect(server, `127.0.0.${30 + i}`)),
    );
    const extra = await connect(server, '127.0.0.50');
    expect((await extra.closed).answer).toBe('');
    expect(first.every((h) => !h.socket.destroyed)).toBe(true);
    first[0]!.socket.destroy();
    await expect.poll(() => connections(server)).toBe(9);
    const next = await connect(server, '127.0.0.51');
    next.socket.write('GET /api/v1 HTTP/1.1\r\nHost: local\r\nConnection: close\r\n\r\n');
    expect((await next.closed).answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  }, 30_000);

  it('counts one client behind a trusted proxy for no cap: every connection comes from the proxy', async () => {
    const server = await listen(app, {
      port: 0,
      hostname: '127.0.0.1',
      trustProxy: true,
      limits: { ...SHORT, maxConnectionsPerClient: 2 },
    });
    servers.push(server);
    const proxied = await Promise.all(
      Array.from({ length: 4 }, () => connect(server, '127.0.0.60')),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(proxied.every((h) => !h.socket.destroyed)).toBe(true);
  });

  it('on stop, closes idle connections at once and cuts a request that does not finish within the drain timeout', async () => {
    const server = await listen(app, { port: 0, hostname: '127.0.0.1', limits: SHORT });
    const idle = await connect(server);
    const unfinished = await connect(server);
    unfinished.socket.write(
      'POST /api/newsletter HTTP/1.1\r\nHost: local\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopping = Date.now();
    await server.close();
    const stoppedMs = Date.now() - stopping;
    expect((await idle.closed).answer).toBe('');
    expect((await unfinished.closed).answer).toBe('');
    console.log(
      `stop with a request that never finishes: closed after ${stoppedMs} ms (drain timeout ${SHORT.drainTimeoutMs} ms)`,
    );
  });
});
