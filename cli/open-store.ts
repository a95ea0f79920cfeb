import path from 'node:path';
import { createBlobStore, SERVICE_STORE_NAME } from '../runtime/store/blob-store.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import type { Store } from '../runtime/store/store.ts';
import { dataDir } from '../server/data-dir.ts';

/**
 * The store a command works on: the local one (DATA_DIR, default .data/) or, with
 * `--store blobs`, the production Netlify Blobs store (NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN).
 */
export function openStore(kind: string | undefined, env: Record<string, string | undefined> = process.env): Store {
  if (kind === 'blobs') {
    const siteID = env.NETLIFY_SITE_ID;
    const token = env.NETLIFY_AUTH_TOKEN;
    if (!siteID || !token) throw new Error('--store blobs needs NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN in the environment');
    return createBlobStore(SERVICE_STORE_NAME, { siteID, token });
  }
  if (kind !== undefined && kind !== 'local') throw new Error(`Unknown --store "${kind}": use local or blobs`);
  return createFileStore(path.join(dataDir(env), 'store'));
}
