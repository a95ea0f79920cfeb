import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { RequestInfo } from './app.ts';

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Mounts a Web-standard app on a Node HTTP server; the client address is the socket's. */
export function listen(
  app: (request: Request, info?: RequestInfo) => Promise<Response>,
  { port, hostname }: { port: number; hostname: string },
): Promise<Listening> {
  return new Promise((resolve) => {
    const server = serve(
      { fetch: (request, env) => app(request, { remoteAddress: 'incoming' in env ? env.incoming.socket.remoteAddress : undefined }), port, hostname },
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
