import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { COLLECTION_KEYS, COLLECTIONS } from '../core/collections.ts';
import { paths } from '../core/paths.ts';
import { build } from '../generator/build.ts';
import { PROJECT_DIR } from '../generator/model/generator.ts';
import type { Listening } from '../server/listen.ts';
import { startServer } from '../test/support/http-server.ts';

/** One page of every kind the site has: what the browser test visits and `npm run screenshots` photographs. */
export interface TourStop {
  /** File-name friendly: home, threats, threats-record, pricing, not-found... */
  name: string;
  path: string;
  status: 200 | 404;
}

export const WIDTHS = [390, 1280] as const;

/** The home page, every collection, the first record of each, the other pages and a 404. */
export async function tourStops(distDir: string): Promise<TourStop[]> {
  const records = await Promise.all(
    COLLECTION_KEYS.map(async (key): Promise<TourStop> => {
      const [first] = JSON.parse(
        await readFile(path.join(distDir, '_data', 'summaries', `${key}.json`), 'utf8'),
      ) as { slug: string }[];
      if (!first) throw new Error(`${COLLECTIONS[key].title} has no records to show`);
      return { name: `${key}-record`, path: paths.recordPage(key, first.slug), status: 200 };
    }),
  );
  return [
    { name: 'home', path: paths.home, status: 200 },
    ...COLLECTION_KEYS.map(
      (key): TourStop => ({ name: key, path: paths.collectionPage(key), status: 200 }),
    ),
    ...records,
    { name: 'pricing', path: paths.pricingPage, status: 200 },
    { name: 'contact', path: paths.page('contact'), status: 200 },
    { name: 'api-reference', path: paths.apiReference, status: 200 },
    { name: 'search', path: paths.page('search'), status: 200 },
    { name: 'about', path: paths.page('about'), status: 200 },
    { name: 'not-found', path: '/no-such-page/', status: 404 },
  ];
}

/** Builds the real content of content/ into `root`/dist and serves it with the local server. */
export async function serveRealSite(
  root: string,
): Promise<{ server: Listening; stops: TourStop[] }> {
  const distDir = path.join(root, 'dist');
  await build({ contentDir: path.join(PROJECT_DIR, 'content'), outDir: distDir });
  const server = await startServer({ distDir, dataDir: path.join(root, 'data') });
  return { server, stops: await tourStops(distDir) };
}
