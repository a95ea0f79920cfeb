import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection, { type SentMessageInfo } from 'nodemailer/lib/smtp-connection';
import { temporaryName } from '../store/leftovers.ts';
import { writeSynced } from '../store/write-synced.ts';

/** One mail as the outbox stores it: plain text, one recipient, a fixed Message-ID. */
export interface OutgoingMail {
  /** RFC 5322 Message-ID, fixed when queued, so a repeated delivery is recognisable downstream. */
  messageId: string;
  /** When the mail was queued (ISO 8601): its Date header, the same on every attempt. */
  date?: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

export interface SendHooks {
  /**
   * Runs once the mail server is connected and ready, right before the first byte of the
   * mail itself: from here on the mail may have been delivered even if `send` fails, so
   * the outbox records it before letting the transfer start. A rejection stops the send.
   */
  beforeTransmit(): Promise<void>;
}

/** A failure before any part of the mail was transferred: retrying cannot duplicate it. */
export class NotTransmittedError extends Error {}

export interface Mailer {
  /** Where mail goes, for logs: never includes credentials. */
  readonly description: string;
  /** The longest one `send` can take: past it the attempt is abandoned (its connection closed). */
  readonly sendTimeoutMs: number;
  send(mail: OutgoingMail, hooks?: SendHooks): Promise<void>;
}

/** Each phase of one SMTP attempt, and the whole of it (the claim timeout of the outbox follows SEND_TIMEOUT_MS). */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 10_000,
};
const SEND_TIMEOUT_MS = 20_000;

const compose = (mail: OutgoingMail) =>
  new MailComposer({
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    // The time it was queued: real, and the same on a repeated attempt.
    date: mail.date ? new Date(mail.date) : new Date(),
    headers: { 'Auto-Submitted': 'auto-generated' },
  }).compile();

/**
 * Delivers over SMTP; `url` such as smtps://user:pass@smtp.example.com:465. Built from
 * nodemailer's connection rather than its transport because the outbox must record the
 * moment between "connected" (nothing sent yet: safe to retry) and "transferring the mail"
 * (maybe delivered: never sent again automatically), which the transport does not expose.
 */
export function createSmtpMailer(url: string): Mailer {
  const { hostname, port, protocol } = new URL(url);
  const { auth, ...options } = parseConnectionUrl(url);
  return {
    description: `SMTP ${protocol}//${hostname}${port ? `:${port}` : ''}`,
    sendTimeoutMs: SEND_TIMEOUT_MS,
    async send(mail, hooks) {
      const message = compose(mail);
      const raw = await message.build();
      const connection = new SMTPConnection({ ...options, ...SMTP_TIMEOUTS, logger: false });
      let transmitting = false;
      const step = <T>(run: (done: (error: Error | null | undefined, value?: T) => void) => void) =>
        new Promise<T>((resolve, reject) =>
          run((error, value) => (error ? reject(error) : resolve(value as T))),
        );
      const attempt = (async () => {
        await step<void>((done) => connection.connect((error) => done(error)));
        if (auth?.user) await step<boolean | undefined>((done) => connection.login(auth, done));
        await hooks?.beforeTransmit();
        transmitting = true;
        const info = await step<SentMessageInfo>((done) =>
          connection.send(message.getEnvelope(), raw, done),
        );
        if (info.rejected.length)
          throw new Error(`The mail server refused ${info.rejected.join(', ')}`);
      })();
      let timer: NodeJS.Timeout | undefined;
      // The connection reports some failures (refused, reset, closed) as events, not through the step waiting on them.
      const broken = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(`No answer from ${this.description} within ${SEND_TIMEOUT_MS / 1000} s`),
            ),
          SEND_TIMEOUT_MS,
        );
        connection.on('error', reject);
        connection.once('end', () =>
          reject(new Error(`${this.description} closed the connection`)),
        );
      });
      broken.catch(() => undefined);
      try {
        await Promise.race([attempt, broken]);
        connection.quit();
      } catch (error) {
        connection.close();
        attempt.catch(() => undefined);
        // A reply code is the server's refusal: the mail was not accepted.
        if (
          !transmitting ||
          typeof (error as { responseCode?: unknown }).responseCode === 'number'
        ) {
          throw new NotTransmittedError((error as Error).message, { cause: error });
        }
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Writes each mail as an .eml file named after its Message-ID: the out-of-the-box mailer
 * of one machine. Writing the same mail twice replaces the file, so it stays one message.
 */
export function createFileMailer(dir: string): Mailer {
  return {
    description: `files in ${dir}`,
    sendTimeoutMs: 10_000,
    async send(mail, hooks) {
      const raw = await compose(mail).build();
      await mkdir(dir, { recursive: true });
      const name = mail.messageId.replace(/[<>]/g, '').replace(/[^a-zA-Z0-9.@-]/g, '_');
      const file = path.join(dir, `${name}.eml`);
      const temporary = temporaryName(file);
      try {
        await writeSynced(temporary, raw);
        await hooks?.beforeTransmit();
      } catch (error) {
        await rm(temporary, { force: true });
        throw new NotTransmittedError((error as Error).message, { cause: error });
      }
      await rename(temporary, file);
    },
  };
}
