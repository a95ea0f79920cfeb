import { DEFAULT_CACHE_DIR } from '../generator/cache/build-cache.ts';
import { createApp } from './app.ts';
import { withCompression } from './compress-answer.ts';
import { followBuilds } from './follow-builds.ts';
import { buildOrExit } from './ensure-build.ts';
import { listenOrExit } from './listen.ts';
import { serverSettings } from './settings.ts';
import { stopOnSignals } from './stop-on-signals.ts';

/** `npm start`: build dist/ if needed, then serve the whole service on one machine, and each build `npm run build` finishes under it. */
const settings = serverSettings();
await buildOrExit(settings);
const { distDir, dataDir, trustProxy, requireSmtp } = settings;
const app = await followBuilds(distDir, DEFAULT_CACHE_DIR, () =>
  createApp({ distDir, dataDir, trustProxy, requireSmtp }),
);
const server = await listenOrExit(withCompression(app), {
  port: settings.port,
  hostname: settings.hostname,
  trustProxy,
});
console.log(`Serving ${distDir} at ${server.url}/ (Ctrl+C to stop)`);
stopOnSignals(() => server.close());
