import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientKey } from '../runtime/client-address.ts';

/**
 * How long the local server waits for a client, and how many connections it holds. The
 * values and their reasons are in docs/decisions.md ("Connections of npm start").
 */
export interface ConnectionLimits {
  /** From connecting (or the end of the previous request) to the last request header. */
  headersTimeoutMs: number;
  /** From connecting to the last byte of the request body. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection between two requests. */
  keepAliveTimeoutMs: number;
  /** Neither a byte read nor a byte written: a client that stopped reading its answer. */
  idleTimeoutMs: number;
  /** How often the header and request timeouts are checked: the slack they are enforced with. */
  checkIntervalMs: number;
  /** Connections open at once; more are closed as they come (file descriptors stay available). */
  maxConnections: number;
  /** Connections open at once from one client (clientKey), so one client cannot take them all. */
  maxConnectionsPerClient: number;
  /** On stop: how long requests in progress may take to finish before their connections are cut. */
  drainTimeoutMs: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 60_000,
  checkIntervalMs: 1_000,
  maxConnections: 512,
  maxConnectionsPerClient: 32,
  drainTimeoutMs: 10_000,
};

/** The options of http.createServer that only exist at creation. */
export const creationOptions = (limits: ConnectionLimits) => ({
  headersTimeout: limits.headersTimeoutMs,
  requestTimeout: limits.requestTimeoutMs,
  keepAliveTimeout: limits.keepAliveTimeoutMs,
  connectionsCheckingInterval: limits.checkIntervalMs,
});

/**
 * Applies the rest to a server. `perClient` is false behind a trusted proxy, where every
 * connection comes from the proxy and the proxy is the one to limit its clients.
 */
export function applyConnectionLimits(
  server: Server,
  limits: ConnectionLimits,
  perClient: boolean,
): void {
  server.timeout = limits.idleTimeoutMs;
  server.maxConnections = limits.maxConnections;
  if (!perClient) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = clientKey(socket.remoteAddress ?? 'unknown');
    const count = (open.get(key) ?? 0) + 1;
    open.set(key, count);
    socket.once('close', () => {
      const left = open.get(key)! - 1;
      if (left === 0) open.delete(key);
      else open.set(key, left);
    });
    if (count > limits.maxConnectionsPerClient) socket.destroy();
  });
}
