import { getStore } from '@netlify/blobs';
import { assertKey, type Store, type WriteCondition } from './store.ts';

/** The service's Netlify Blobs store: submissions, queued mail, API keys and instances. */
export const SERVICE_STORE_NAME = 'service';

/** Where to reach Blobs outside a Netlify function (tests run Netlify's own local Blobs server). */
export interface BlobConnection {
  siteID: string;
  token: string;
  /** Only for a local Blobs server; the Netlify API is the default. */
  edgeURL?: string;
}

/** Production store: a Netlify Blobs store with strong consistency, conditional writes on etags. */
export function createBlobStore(name: string, connection?: BlobConnection): Store {
  const blobs = connection
    ? getStore({ name, consistency: 'strong', ...connection, ...(connection.edgeURL ? { uncachedEdgeURL: connection.edgeURL } : {}) })
    : getStore({ name, consistency: 'strong' });
  return {
    async get<T>(key: string) {
      assertKey(key);
      const found = await blobs.getWithMetadata(key, { type: 'json' });
      if (!found) return undefined;
      // The service sends the etag with the value; Netlify's local Blobs server only lists it.
      const etag = found.etag || (await blobs.list({ prefix: key })).blobs.find((b) => b.key === key)?.etag;
      if (!etag) throw new Error(`Netlify Blobs gave no etag for ${key}, so it cannot be updated safely`);
      return { value: found.data as T, version: etag };
    },
    async put<T>(key: string, value: T, condition: WriteCondition = { kind: 'always' }) {
      assertKey(key);
      const options = condition.kind === 'if-absent' ? { onlyIfNew: true } : condition.kind === 'if-version' ? { onlyIfMatch: condition.version } : {};
      const result = await blobs.setJSON(key, value, options);
      return result.modified ? (result.etag ?? 'written') : undefined;
    },
    async delete(key) {
      assertKey(key);
      await blobs.delete(key);
    },
    async list(prefix) {
      const { blobs: found } = await blobs.list({ prefix });
      return found.map((b) => b.key).sort();
    },
  };
}
