import type { Config, Context } from '@netlify/functions';
import { mailerFromEnvironment } from '../runtime/mail/mailer-from-environment.ts';
import { functionDataDir, loadServiceData } from '../runtime/service-data.ts';
import { createBlobStore, SERVICE_STORE_NAME } from '../runtime/store/blob-store.ts';
import { submissionEndpointsFor, SUBMISSION_PATHS } from '../runtime/submissions/submission-endpoints.ts';

/**
 * Netlify Function: the contact and sign-up endpoints. Submissions go to the Netlify
 * Blobs store `service` (strong consistency); mail over SMTP_URL, and without it
 * every contact message is kept and answered 500 not_configured.
 */
const data = await loadServiceData(functionDataDir());
const endpoints = submissionEndpointsFor(data, {
  store: createBlobStore(SERVICE_STORE_NAME),
  mailer: mailerFromEnvironment(process.env, { production: true }),
});

export default async (request: Request, context: Context): Promise<Response> =>
  (await endpoints(request, context.ip)) ?? new Response(null, { status: 404 });

export const config: Config = {
  path: Object.values(SUBMISSION_PATHS),
  // A loose platform backstop across instances (its window is at most 180 s); the exact limit is the code's.
  rateLimit: { windowLimit: 20, windowSize: 180, aggregateBy: ['ip', 'domain'] },
};
