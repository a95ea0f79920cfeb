import { createFileMailer, createSmtpMailer, type Mailer } from './mailer.ts';

/**
 * SMTP when SMTP_URL is set. Otherwise, on one machine, .eml files in a local outbox
 * folder so the service works out of the box; in production, nothing: contact messages
 * are then kept and answered 500 not_configured until mail is configured.
 */
export function mailerFromEnvironment(
  env: Record<string, string | undefined>,
  where: { production: true } | { production: false; outboxDir: string },
): Mailer | undefined {
  if (env.SMTP_URL) return createSmtpMailer(env.SMTP_URL);
  return where.production ? undefined : createFileMailer(where.outboxDir);
}
