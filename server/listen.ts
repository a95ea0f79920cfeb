import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createAdaptorServer, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { RequestInfo } from './app.ts';
import { refusalShapingServer } from './client-error.ts';
import {
  applyConnectionLimits,
  CONNECTION_LIMITS,
  creationOptions,
  type ConnectionLimits,
} from './connection-limits.ts';

export interface Listening {
  /** Where a client on this machine reaches the server: on all addresses (0.0.0.0, ::), at loopback. */
  url: string;
  port: number;
  /** The Node server, for what only it knows (its limits, its connections). */
  server: Server;
  /**
   * Stops accepting connections, closes idle ones, lets requests in progress finish
   * (each connection closes after its answer) and cuts what is left after the drain timeout.
   */
  close(): Promise<void>;
}

export interface ListenOptions {
  port: number;
  hostname: string;
  /** Behind a trusted proxy every connection comes from the proxy: no per-client connection cap then. */
  trustProxy?: boolean;
  limits?: Partial<ConnectionLimits>;
}

/** A port that could not be had, said for the person who started the server. */
export class ListenError extends Error {}

type Served = ((request: Request, info?: RequestInfo) => Promise<Response>) & { docs?: string };

/**
 * Mounts a Web-standard app on a Node HTTP server; the client address is the socket's.
 * An app that names its `docs` URL (the service's) also shapes the requests Node refuses.
 * A promise of such an app is for a server that listens before its app is made (a local
 * server builds the site for the address it listens at): requests wait for the app.
 */
export function listen(
  app: Served | Promise<Served & { docs: string }>,
  options: ListenOptions,
): Promise<Listening> {
  const limits = { ...CONNECTION_LIMITS, ...options.limits };
  const { port, hostname } = options;
  const answer: Served = app instanceof Promise ? async (...a) => (await app)(...a) : app;
  const docs = app instanceof Promise ? async () => (await app).docs : app.docs;
  const fetch = (request: Request, env: HttpBindings | Http2Bindings) =>
    answer(
      request,
      'incoming' in env
        ? { remoteAddress: env.incoming.socket.remoteAddress, target: env.incoming.url }
        : {},
    );
  const server = createAdaptorServer({
    fetch,
    hostname,
    serverOptions: creationOptions(limits),
    ...(docs ? { createServer: refusalShapingServer(fetch, hostname, docs) } : {}),
  }) as Server; // refusalShapingServer, like the adapter's default, makes a plain node:http server.
  applyConnectionLimits(server, limits, !options.trustProxy);
  const drain = drainable(server, limits.drainTimeoutMs);
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(listenError(error, port, hostname));
    server.once('error', failed);
    server.listen(port, hostname, () => {
      server.off('error', failed);
      const actual = (server.address() as AddressInfo).port;
      resolve({
        url: localUrl(hostname, actual),
        port: actual,
        server,
        close: drain,
      });
    });
  });
}

/** The address a client on this machine reaches a server listening on `hostname` at: all addresses are reached at loopback. */
function localUrl(hostname: string, port: number): string {
  const host = { '0.0.0.0': '127.0.0.1', '::': '::1' }[hostname] ?? hostname;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** listen, for a server script: a port it cannot have is explained in one message, and the process exits 1. */
export async function listenOrExit(
  app: Parameters<typeof listen>[0],
  options: ListenOptions,
): Promise<Listening> {
  try {
    return await listen(app, options);
  } catch (error) {
    if (!(error instanceof ListenError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * What stopping needs to know: which connections have a request in progress. Those may
 * finish (each is closed once its answer is sent, within the drain timeout); every other
 * connection is closed at once, including one that never sent a request, which Node's
 * closeIdleConnections leaves open until its header timeout.
 */
function drainable(server: Server, timeoutMs: number): () => Promise<void> {
  const connections = new Set<Socket>();
  const busy = new Map<Socket, ServerResponse>();
  let stopping = false;
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    busy.set(socket, response);
    if (stopping) response.shouldKeepAlive = false;
    response.once('close', () => {
      busy.delete(socket);
      if (stopping) socket.end();
    });
  });
  return () =>
    new Promise((done) => {
      stopping = true;
      const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
      server.close(() => {
        clearTimeout(cut);
        done();
      });
      for (const socket of connections) {
        const response = busy.get(socket);
        // An answer not yet started says Connection: close, so the client does not reuse the connection.
        if (response) response.shouldKeepAlive = false;
        else socket.destroy();
      }
    });
}

function listenError(error: NodeJS.ErrnoException, port: number, hostname: string): Error {
  const where = `${hostname}:${port}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return new ListenError(
        `Port ${port} on ${hostname} is in use: another server is listening there (perhaps another npm start). Stop it, or pick another port with PORT, e.g. PORT=${port === 8888 ? 8889 : 8888} (PORT=0 picks a free one).`,
      );
    case 'EACCES':
      return new ListenError(
        `Listening on ${where} is not permitted: ports below 1024 need privileges. Pick a port from 1024 up, e.g. PORT=8888, or PORT=0 for a free one.`,
      );
    case 'EADDRNOTAVAIL':
      return new ListenError(
        `${hostname} is not an address of this machine, so nothing can listen on ${where}. Set HOST to one of its addresses (127.0.0.1, or 0.0.0.0 for all).`,
      );
    default:
      return error;
  }
}
