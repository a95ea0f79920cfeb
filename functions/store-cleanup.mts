import type { Config } from '@netlify/functions';
import { pruneRateLimits } from '../runtime/stored-rate-limit.ts';
import { createBlobStore, SERVICE_STORE_NAME } from '../runtime/store/blob-store.ts';

/** Netlify Scheduled Function: forgets the rate-limit windows that are over, once a day. */
export default async (): Promise<Response> => {
  const removed = await pruneRateLimits(createBlobStore(SERVICE_STORE_NAME));
  console.log(`store-cleanup: removed ${removed} finished rate-limit windows`);
  return new Response(null, { status: 200 });
};

// Literals only: Netlify reads this statically. test/netlify-bundle.test.ts holds it equal to core/routes.ts.
export const config: Config = { schedule: '@daily' };
