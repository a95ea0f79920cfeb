import { withCompression } from './compress-answer.ts';
import { createRebuildQueue } from './rebuild-queue.ts';
import { startDevSite, type DevSite } from './dev-site.ts';
import { listenOrExit } from './listen.ts';
import { serverSettingsOrExit, siteAddress } from './settings.ts';
import { stopOnSignals } from './stop-on-signals.ts';
import { watchContent } from './watch-content.ts';

/**
 * `npm run dev`: `npm start` (same variables, same app), plus a rebuild whenever the
 * content changes and open pages that reload themselves or show the content's problems.
 * Code changes (generator/, runtime/, server/) need a restart, as with `npm start`.
 */
const settings = serverSettingsOrExit();

// Watching starts before the first build, so an edit made while it runs is built right after it.
let started!: (site: DevSite) => void;
const site = new Promise<DevSite>((resolve) => (started = resolve));
const queue = createRebuildQueue(async (changes) => (await site).rebuild(changes));
// A record's own files go out at once, even while a rebuild runs; the rebuild of everything
// else waits its turn, and a moment more: the open pages that just heard of the files
// written ahead reload now, and are answered sooner by a server that no rebuild shares
// (a rebuild lets requests through between steps, but each takes several of them).
const REBUILD_AFTER_WRITE_AHEAD_MS = 250;
const onChanges = async (changes: string[]) => {
  let wroteAhead = false;
  try {
    wroteAhead = await (await site).writeAhead(changes);
  } finally {
    queue.add(changes, { afterMs: wroteAhead ? REBUILD_AFTER_WRITE_AHEAD_MS : 0 });
  }
};
const watcher = await watchContent(settings.contentDir, (changes) => void onChanges(changes)).catch(
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
// Listening first: the site is built for the address it is served at. Requests wait for the first build.
// Compressed last, once the dev script is in the page.
const server = await listenOrExit(
  withCompression(async (request, info) => (await site).fetch(request, info)),
  { port: settings.port, hostname: settings.hostname, trustProxy: settings.trustProxy },
);
const dev = await startDevSite(settings, siteAddress(settings, server));
started(dev);
console.log(
  `Serving ${settings.distDir} at ${server.url}/ (rebuilds when ${settings.contentDir} changes; Ctrl+C to stop)`,
);

stopOnSignals(async () => {
  watcher.close();
  // A build in progress finishes first: stopping it halfway would leave dist/ half updated.
  await queue.close();
  dev.close();
  // One turn of the event loop lets the server write the ended streams' last chunk before it drops connections.
  await new Promise((resolve) => setImmediate(resolve));
  await server.close();
});
