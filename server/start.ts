import path from 'node:path';
import { ContentError } from '../generator/problems.ts';
import { createApp } from './app.ts';
import { dataDir } from './data-dir.ts';
import { ensureBuild } from './ensure-build.ts';
import { listen } from './listen.ts';

/** `npm start`: build dist/ if needed, then serve the whole service on one machine. */
const projectDir = path.resolve(import.meta.dirname, '..');
const contentDir = path.resolve(process.env.CONTENT_DIR ?? path.join(projectDir, 'content'));
const distDir = path.resolve(process.env.DIST_DIR ?? path.join(projectDir, 'dist'));
const port = Number(process.env.PORT ?? 8888);
const hostname = process.env.HOST ?? '127.0.0.1';
const trustProxy = ['1', 'true', 'yes'].includes(process.env.TRUST_PROXY ?? '');

try {
  await ensureBuild(projectDir, contentDir, distDir);
} catch (error) {
  if (error instanceof ContentError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const server = await listen(await createApp({ distDir, dataDir: dataDir(), trustProxy, requireSmtp: ['1', 'true', 'yes'].includes(process.env.MAIL_REQUIRE_SMTP ?? '') }), { port, hostname });
console.log(`Serving ${distDir} at ${server.url}/ (Ctrl+C to stop)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
