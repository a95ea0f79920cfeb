import type { AddressInfo } from 'node:net';
import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { RequestInfo } from './app.ts';
import { refusalShapingServer } from './client-error.ts';

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Mounts a Web-standard app on a Node HTTP server; the client address is the socket's.
 * An app that names its `docs` URL (the service's) also shapes the requests Node refuses.
 */
export function listen(
  app: ((request: Request, info?: RequestInfo) => Promise<Response>) & { docs?: string },
  { port, hostname }: { port: number; hostname: string },
): Promise<Listening> {
  return new Promise((resolve) => {
    const fetch = (request: Request, env: HttpBindings | Http2Bindings) => app(request, { remoteAddress: 'incoming' in env ? env.incoming.socket.remoteAddress : undefined });
    const server = serve(
      { fetch, port, hostname, ...(app.docs ? { createServer: refusalShapingServer(fetch, hostname, app.docs) } : {}) },
      (info: AddressInfo) =>
        resolve({
          url: `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              // Idle keep-alive connections would otherwise hold the server open.
              (server as { closeAllConnections?: () => void }).closeAllConnections?.();
            }),
        }),
    );
  });
}
