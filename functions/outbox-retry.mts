import type { Config } from '@netlify/functions';
import { mailerFromEnvironment } from '../runtime/mail/mailer-from-environment.ts';
import { createBlobStore, SERVICE_STORE_NAME } from '../runtime/store/blob-store.ts';
import { retryOutbox } from '../runtime/submissions/outbox.ts';

/** Netlify Scheduled Function: delivers queued mail every 15 minutes, each message once. */
export default async (): Promise<Response> => {
  const mailer = mailerFromEnvironment(process.env, { production: true });
  if (!mailer) {
    console.error('outbox-retry: SMTP_URL is not set; queued mail stays queued');
    return new Response(null, { status: 500 });
  }
  const result = await retryOutbox(createBlobStore(SERVICE_STORE_NAME), mailer);
  console.log(`outbox-retry: delivered ${result.sent}, failed ${result.failed}, already handled ${result.skipped}`);
  return new Response(null, { status: 200 });
};

// Literals only: Netlify reads this statically. test/netlify-bundle.test.ts holds it equal to core/routes.ts.
export const config: Config = { schedule: '*/15 * * * *' };
