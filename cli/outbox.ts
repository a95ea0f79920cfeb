import path from 'node:path';
import { parseArgs } from 'node:util';
import { mailerFromEnvironment } from '../runtime/mail/mailer-from-environment.ts';
import { pendingOutbox, requeueUncertain, retryOutbox } from '../runtime/submissions/outbox.ts';
import { dataDir } from '../server/data-dir.ts';
import { isNetlifyStore, STORE_KINDS, withStore } from './open-store.ts';

const USAGE = `Usage: npm run outbox -- <command> [--store ${STORE_KINDS}]
  list       show the mail not delivered yet, with its status
  retry      deliver every queued mail (each at most once; safe to run again)
  resend ID  queue again a mail whose delivery is uncertain (its sender stopped during the
             transfer, so it may have arrived): check the mail server's log first`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { store: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
const command = positionals[0];
if (
  values.help ||
  !command ||
  !['list', 'retry', 'resend'].includes(command) ||
  (command === 'resend') !== (positionals.length === 2)
) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}

try {
  await withStore(values.store, async (store) => {
    if (command === 'list') {
      const pending = await pendingOutbox(store);
      for (const entry of pending)
        console.log(
          `${entry.id}\t${entry.status}\tattempts ${entry.attempts}\tto ${entry.mail.to}${entry.lastError ? `\tlast error: ${entry.lastError}` : ''}`,
        );
      console.log(`${pending.length} mail${pending.length === 1 ? '' : 's'} waiting`);
    } else if (command === 'resend') {
      const id = positionals[1]!;
      if (!(await requeueUncertain(store, id)))
        throw new Error(
          `${id} is not a mail whose delivery is uncertain: see npm run outbox -- list`,
        );
      console.log(`${id} is queued again; npm run outbox -- retry delivers it`);
    } else {
      const mailer = mailerFromEnvironment(
        process.env,
        isNetlifyStore(values.store)
          ? { production: true }
          : { production: false, outboxDir: path.join(dataDir(), 'mail-outbox') },
      );
      if (!mailer)
        throw new Error(
          'No mail delivery configured: set SMTP_URL (for example smtps://user:pass@smtp.example.com:465)',
        );
      const result = await retryOutbox(store, mailer);
      console.log(
        `Delivered ${result.sent}, failed ${result.failed}, uncertain ${result.uncertain}, already handled ${result.skipped} (via ${mailer.description})`,
      );
      process.exitCode = result.failed ? 1 : 0;
    }
  });
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
