import { getStore } from '@netlify/blobs';
import { assertKey, assertPrefix, type Store, type Stored, type WriteCondition } from './store.ts';

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
    ? getStore({
        name,
        consistency: 'strong',
        ...connection,
        ...(connection.edgeURL ? { uncachedEdgeURL: connection.edgeURL } : {}),
      })
    : getStore({ name, consistency: 'strong' });
  const listedEtag = async (key: string) =>
    (await blobs.list({ prefix: key })).blobs.find((b) => b.key === key)?.etag;

  /**
   * For the local Blobs server: the etag listed before and after the read, and unchanged, is
   * the one of the value read; otherwise a conditional write could replace a newer value its
   * writer never saw. That server's list also leaves out every blob of a folder while another
   * one there is being written, so it is asked again.
   */
  async function readWithListedEtag<T>(key: string): Promise<Stored<T> | undefined> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const before = await listedEtag(key);
      const found = await blobs.getWithMetadata(key, { type: 'json' });
      if (!found) return undefined;
      if (before && before === (await listedEtag(key)))
        return { value: found.data as T, version: before };
      await new Promise((resolve) => setTimeout(resolve, 2 * (attempt + 1)));
    }
    throw new Error(`Netlify Blobs gave no stable etag for ${key}, so it cannot be updated safely`);
  }

  return {
    async get<T>(key: string) {
      assertKey(key);
      const found = await blobs.getWithMetadata(key, { type: 'json' });
      if (!found) return undefined;
      // The service sends the etag with the value; Netlify's local Blobs server only lists it.
      return found.etag
        ? { value: found.data as T, version: found.etag }
        : readWithListedEtag<T>(key);
    },
    async put<T>(key: string, value: T, condition: WriteCondition = { kind: 'always' }) {
      assertKey(key);
      const options =
        condition.kind === 'if-absent'
          ? { onlyIfNew: true }
          : condition.kind === 'if-version'
            ? { onlyIfMatch: condition.version }
            : {};
      const result = await blobs.setJSON(key, value, options);
      return result.modified ? (result.etag ?? 'written') : undefined;
    },
    async delete(key) {
      assertKey(key);
      await blobs.delete(key);
    },
    async list(prefix) {
      assertPrefix(prefix);
      const { blobs: found } = await blobs.list({ prefix });
      return found.map((b) => b.key).sort();
    },
  };
}
