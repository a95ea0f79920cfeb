import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp, type AppOptions } from '../../server/app.ts';

/** The real app on a real socket: 127.0.0.1, an ephemeral port, stopped by `close`. */
export async function startServer(options: AppOptions): Promise<{ url: string; close(): Promise<void> }> {
  const app = await createApp(options);
  return new Promise((resolve) => {
    const server = serve(
      { fetch: (request, env) => app(request, { remoteAddress: 'incoming' in env ? env.incoming.socket.remoteAddress : undefined }), port: 0, hostname: '127.0.0.1' },
      (info: AddressInfo) =>
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              (server as { closeAllConnections?: () => void }).closeAllConnections?.();
            }),
        }),
    );
  });
}
