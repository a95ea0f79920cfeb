import { createApp } from './app.ts';
import { buildOrExit } from './ensure-build.ts';
import { listenOrExit } from './listen.ts';
import { serverSettings } from './settings.ts';
import { stopOnSignals } from './stop-on-signals.ts';

/** `npm start`: build dist/ if needed, then serve the whole service on one machine. */
const settings = serverSettings();
await buildOrExit(settings);
const { distDir, dataDir, trustProxy, requireSmtp } = settings;
const server = await listenOrExit(await createApp({ distDir, dataDir, trustProxy, requireSmtp }), {
  port: settings.port,
  hostname: settings.hostname,
  trustProxy,
});
console.log(`Serving ${distDir} at ${server.url}/ (Ctrl+C to stop)`);
stopOnSignals(() => server.close());
