import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { clientAddress } from '../runtime/client-address.ts';
import { withDenoOnPath } from './deno.ts';
import { buildOrExit } from './ensure-build.ts';
import { listenOrExit } from './listen.ts';
import { netlifySiteDir, stageNetlifySite } from './netlify-site.ts';
import { serverSettingsOrExit, siteAddress } from './settings.ts';
import { stopOnSignals } from './stop-on-signals.ts';

/**
 * `npm run start:netlify`: the site exactly as Netlify serves it, under Netlify's own
 * emulator (@netlify/dev): its routing, its function and edge-function runtimes, its
 * Netlify Blobs, on the project staged under DATA_DIR. This file only hands it requests.
 */
const settings = serverSettingsOrExit();
let started!: (emulator: NetlifyDev) => void;
const ready = new Promise<NetlifyDev>((resolve) => (started = resolve));
// Listening first: the site is built for the address it is served at. Requests wait for the emulator.
const server = await listenOrExit(
  async (request, info) => {
    const emulator = await ready;
    // The emulator gives functions the client address from X-Forwarded-For, so it is set
    // here from the socket (or, with TRUST_PROXY=1, from the proxy's own entry), never taken from the client.
    const headers = new Headers(request.headers);
    headers.set(
      'x-forwarded-for',
      clientAddress(request, info?.remoteAddress, settings.trustProxy),
    );
    const forwarded = new Request(request.url, {
      method: request.method,
      headers,
      body: request.body,
      duplex: 'half',
    } as RequestInit);
    const response = await emulator.handle(forwarded);
    if (response) return response;
    // Nothing matched: Netlify answers with the site's 404 page.
    const page = await emulator.handle(new Request(new URL('/404.html', request.url)));
    return new Response(request.method === 'HEAD' ? null : (page?.body ?? null), {
      status: 404,
      headers: page?.headers,
    });
  },
  { port: settings.port, hostname: settings.hostname, trustProxy: settings.trustProxy },
);
await buildOrExit(settings, siteAddress(settings, server));
const siteDir = netlifySiteDir(settings.dataDir);
await stageNetlifySite({ projectDir: settings.projectDir, distDir: settings.distDir, siteDir });
// A function finds the build's data (dist/_data) relative to its working directory, as on Netlify.
process.chdir(siteDir);
// Edge functions have no build data: they build absolute URLs from SITE_BASE_URL, given the address the build used, as a deploy's settings give it.
process.env.SITE_BASE_URL = (
  JSON.parse(await readFile(path.join(settings.distDir, '_data', 'service.json'), 'utf8')) as {
    baseUrl: string;
  }
).baseUrl;
process.env.PATH = withDenoOnPath(process.env).PATH;

const emulator = new NetlifyDev({
  projectRoot: siteDir,
  skipGitignore: true,
  // Features the service does not use and that would reach for the network.
  aiGateway: { enabled: false },
  database: { enabled: false },
  geolocation: { enabled: false },
  images: { enabled: false },
});
await emulator.start();
started(emulator);
console.log(
  `Serving ${settings.distDir} as Netlify serves it (@netlify/dev) at ${server.url}/ (Ctrl+C to stop)`,
);
stopOnSignals(async () => {
  await server.close();
  await emulator.stop();
});
