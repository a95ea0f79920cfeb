import { DEFAULT_CACHE_DIR } from '../generator/build.ts';
import { createApp, type App } from './app.ts';
import { withCompression } from './compress-answer.ts';
import { followBuilds } from './follow-builds.ts';
import { buildOrExit } from './ensure-build.ts';
import { listenOrExit } from './listen.ts';
import { serverSettingsOrExit, siteAddress } from './settings.ts';
import { stopOnSignals } from './stop-on-signals.ts';

/**
 * `npm start`: listen, build the site for the address it is served at into its own folder
 * if needed, then serve the whole service on one machine, and each later build of that folder.
 */
const settings = serverSettingsOrExit();
const { distDir, dataDir, trustProxy, requireSmtp } = settings;
let serve!: (app: App) => void;
const server = await listenOrExit(new Promise<App>((resolve) => (serve = resolve)), {
  port: settings.port,
  hostname: settings.hostname,
  trustProxy,
});
await buildOrExit(settings, siteAddress(settings, server));
const app = await followBuilds(distDir, DEFAULT_CACHE_DIR, () =>
  createApp({ distDir, dataDir, trustProxy, requireSmtp }),
);
serve(withCompression(app));
console.log(`Serving ${distDir} at ${server.url}/ (Ctrl+C to stop)`);
stopOnSignals(() => server.close());
