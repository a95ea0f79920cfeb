import { randomUUID } from 'node:crypto';
import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One mail as the outbox stores it: plain text, one recipient, a fixed Message-ID. */
export interface OutgoingMail {
  /** RFC 5322 Message-ID, fixed when queued, so a repeated delivery is recognisable downstream. */
  messageId: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Where mail goes, for logs: never includes credentials. */
  readonly description: string;
  send(mail: OutgoingMail): Promise<void>;
}

const toNodemailer = (mail: OutgoingMail) => ({
  messageId: mail.messageId,
  from: mail.from,
  to: mail.to,
  replyTo: mail.replyTo,
  subject: mail.subject,
  text: mail.text,
  // Fixed headers keep a re-sent message byte-identical apart from transport headers.
  date: new Date(0),
  headers: { 'Auto-Submitted': 'auto-generated' },
});

/** Delivers over SMTP; `url` such as smtps://user:pass@smtp.example.com:465. */
export function createSmtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport(url);
  const { hostname, port, protocol } = new URL(url);
  return {
    description: `SMTP ${protocol}//${hostname}${port ? `:${port}` : ''}`,
    async send(mail) {
      await transport.sendMail({ ...toNodemailer(mail), date: new Date() });
    },
  };
}

/**
 * Writes each mail as an .eml file named after its Message-ID: the out-of-the-box mailer
 * of one machine. Writing the same mail twice replaces the file, so it stays one message.
 */
export function createFileMailer(dir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `files in ${dir}`,
    async send(mail) {
      const info = await transport.sendMail(toNodemailer(mail));
      await mkdir(dir, { recursive: true });
      const name = mail.messageId.replace(/[<>]/g, '').replace(/[^a-zA-Z0-9.@-]/g, '_');
      const file = path.join(dir, `${name}.eml`);
      const temporary = `${file}.${randomUUID()}.tmp`;
      const handle = await open(temporary, 'w');
      try {
        await handle.writeFile(info.message as Buffer);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
    },
  };
}
