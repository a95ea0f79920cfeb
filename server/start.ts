import path from 'node:path';
import { serve } from '@hono/node-server';
import { ContentError } from '../generator/problems.ts';
import { ensureBuild } from './ensure-build.ts';
import { createApp } from './app.ts';

/** `npm start`: build dist/ if needed, then serve the whole site on one machine. */
const projectDir = path.resolve(import.meta.dirname, '..');
const contentDir = path.resolve(process.env.CONTENT_DIR ?? path.join(projectDir, 'content'));
const distDir = path.resolve(process.env.DIST_DIR ?? path.join(projectDir, 'dist'));
const port = Number(process.env.PORT ?? 8888);
const hostname = process.env.HOST ?? '127.0.0.1';

try {
  await ensureBuild(projectDir, contentDir, distDir);
} catch (error) {
  if (error instanceof ContentError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await createApp({ distDir, trustProxy: ['1', 'true', 'yes'].includes(process.env.TRUST_PROXY ?? '') });
const server = serve({ fetch: (request, env) => app(request, { remoteAddress: 'incoming' in env ? env.incoming.socket.remoteAddress : undefined }), port, hostname }, (info) => {
  console.log(`Serving ${distDir} at http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${info.port}/ (Ctrl+C to stop)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // Idle keep-alive connections would otherwise hold the process open.
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}
