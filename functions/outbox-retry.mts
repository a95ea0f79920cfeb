import type { Config } from '@netlify/functions';
import { mailerFromEnvironment } from '../runtime/mail/mailer-from-environment.ts';
import { createBlobStore, SERVICE_STORE_NAME } from '../runtime/store/blob-store.ts';
import { functionDataDir, loadServiceData } from '../runtime/service-data.ts';
import { queueOrphans } from '../runtime/submissions/accept-submission.ts';
import { retryOutbox } from '../runtime/submissions/outbox.ts';
import { submissionServicesFor } from '../runtime/submissions/submission-endpoints.ts';

/**
 * Netlify Scheduled Function, every 15 minutes: queues the mail of any contact message an
 * instance stored but died before queuing for, then delivers queued mail, each at most once.
 */
export default async (): Promise<Response> => {
  const mailer = mailerFromEnvironment(process.env, { production: true });
  const store = createBlobStore(SERVICE_STORE_NAME);
  const orphans = await queueOrphans(
    submissionServicesFor(await loadServiceData(functionDataDir()), { store, mailer }),
  );
  if (!mailer) {
    console.error(
      `outbox-retry: SMTP_URL is not set; queued mail stays queued (${orphans} message(s) had none and got theirs)`,
    );
    return new Response(null, { status: 500 });
  }
  const result = await retryOutbox(store, mailer);
  console.log(
    `outbox-retry: queued the mail of ${orphans} stored message(s) that had none; delivered ${result.sent}, failed ${result.failed}, ` +
      `uncertain ${result.uncertain} (see npm run outbox -- list), already handled ${result.skipped}`,
  );
  return new Response(null, { status: 200 });
};

// Literals only: Netlify reads this statically. test/netlify-bundle.test.ts holds it equal to core/routes.ts.
export const config: Config = { schedule: '*/15 * * * *' };
