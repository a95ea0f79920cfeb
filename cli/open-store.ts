import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { createBlobStore, SERVICE_STORE_NAME } from '../runtime/store/blob-store.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import type { Store } from '../runtime/store/store.ts';
import { dataDir } from '../server/data-dir.ts';
import { NETLIFY_DEV_SITE_ID, netlifyDevBlobsDir, netlifySiteDir } from '../server/netlify-site.ts';

export const STORE_KINDS = 'local|netlify-dev|blobs';

/** Whether a store kind is one Netlify's functions use, so mail must go over SMTP as in production. */
export const isNetlifyStore = (kind: string | undefined) =>
  kind === 'blobs' || kind === 'netlify-dev';

/**
 * Runs a command on a store: the local one (`npm start`'s, DATA_DIR/store), with
 * `--store netlify-dev` the Netlify Blobs that `npm run start:netlify` uses (under
 * DATA_DIR, served here by Netlify's own Blobs server, running or not), or with
 * `--store blobs` production's Netlify Blobs (NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN).
 */
export async function withStore<T>(
  kind: string | undefined,
  run: (store: Store) => Promise<T>,
  env: Record<string, string | undefined> = process.env,
): Promise<T> {
  if (kind === 'blobs') {
    const siteID = env.NETLIFY_SITE_ID;
    const token = env.NETLIFY_AUTH_TOKEN;
    if (!siteID || !token)
      throw new Error(
        '--store blobs needs NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN in the environment',
      );
    return run(createBlobStore(SERVICE_STORE_NAME, { siteID, token }));
  }
  if (kind === 'netlify-dev') {
    const token = randomBytes(16).toString('hex');
    const server = new BlobsServer({
      directory: netlifyDevBlobsDir(netlifySiteDir(dataDir(env))),
      token,
      port: 0,
    });
    const { port } = await server.start();
    try {
      return await run(
        createBlobStore(SERVICE_STORE_NAME, {
          siteID: NETLIFY_DEV_SITE_ID,
          token,
          edgeURL: `http://127.0.0.1:${port}`,
        }),
      );
    } finally {
      await server.stop();
    }
  }
  if (kind !== undefined && kind !== 'local')
    throw new Error(`Unknown --store "${kind}": use one of ${STORE_KINDS.replaceAll('|', ', ')}`);
  return run(createFileStore(path.join(dataDir(env), 'store')));
}
