import type { Config, Context } from '@netlify/functions';
import { mailerFromEnvironment } from '../runtime/mail/mailer-from-environment.ts';
import { guardHandler } from '../runtime/request-guard.ts';
import { notFoundResponse } from '../runtime/responses.ts';
import { functionDataDir, loadServiceData } from '../runtime/service-data.ts';
import { createBlobStore, SERVICE_STORE_NAME } from '../runtime/store/blob-store.ts';
import { submissionEndpointsFor } from '../runtime/submissions/submission-endpoints.ts';

/**
 * Netlify Function: the contact and sign-up endpoints. Submissions and the per-sender
 * limits go to the Netlify Blobs store `service` (strong consistency), shared by every
 * instance; mail over SMTP_URL, and without it every contact message is kept and
 * answered 500 not_configured.
 */
const data = await loadServiceData(functionDataDir());
const endpoints = submissionEndpointsFor(data, {
  store: createBlobStore(SERVICE_STORE_NAME),
  mailer: mailerFromEnvironment(process.env, { production: true }),
});

export default guardHandler<Context>(
  { audience: 'submission', docs: data.docs },
  async (request, context) =>
    (await endpoints(request, context.ip)) ?? notFoundResponse(data.baseUrl),
);

// Literals only: Netlify reads this statically. test/netlify-bundle.test.ts holds it equal to core/routes.ts.
export const config: Config = {
  path: ['/api/contact', '/api/newsletter', '/api/waitlist', '/api/sandbox-early-access'],
  rateLimit: { windowLimit: 20, windowSize: 180, aggregateBy: ['ip', 'domain'] },
};
