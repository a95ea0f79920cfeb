import { createHash, randomUUID } from 'node:crypto';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimiter } from '../rate-limit.ts';
import { update, type Store } from '../store/store.ts';
import { deliver, enqueue } from './outbox.ts';
import type { ContactMessage, Signup, SignupList } from '../../core/submissions.ts';

/**
 * What happens to an accepted submission: it is written to the store first, then any
 * mail is queued and attempted. Nothing here can lose a submission: a failure after the
 * write leaves it stored and its mail queued for `npm run outbox -- retry`.
 */
export interface SubmissionServices {
  store: Store;
  /** undefined when production has no SMTP configured: submissions are kept, mail waits. */
  mailer: Mailer | undefined;
  teamAddress: string;
  fromAddress: string;
  siteName: string;
  /** Acknowledgements per recipient address, so the endpoint cannot flood a stranger's inbox. */
  ackLimiter: RateLimiter;
  now?: () => number;
  newId?: () => string;
}

export type ContactOutcome = 'delivered' | 'not_configured' | 'delivery_failed';

export interface StoredContact extends ContactMessage {
  id: string;
  receivedAt: string;
  /** Client address, kept for abuse handling. */
  sender: string;
  acknowledgement: 'queued' | 'suppressed';
}

export interface StoredSignup extends Signup {
  list: SignupList;
  createdAt: string;
  updatedAt: string;
}

/** Store key of an address on a list: hashed, so keys never reveal addresses in listings or logs. */
export function signupKey(list: SignupList, email: string): string {
  return `signups/${list}/${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;
}

const domainOf = (address: string) => /@([^>\s]+)>?\s*$/.exec(address)?.[1] ?? 'localhost';

export async function acceptContact(services: SubmissionServices, message: ContactMessage, sender: string): Promise<ContactOutcome> {
  const now = services.now ?? Date.now;
  const id = (services.newId ?? randomUUID)();
  const receivedAt = new Date(now()).toISOString();
  const ackAllowed = (await services.ackLimiter.take(message.email.toLowerCase())).allowed;
  const key = `contact/${id}`;
  const stored: StoredContact = { id, receivedAt, sender, ...message, acknowledgement: ackAllowed ? 'queued' : 'suppressed' };
  const written = await services.store.put(key, stored, { kind: 'if-absent' });
  if (written === undefined) throw new Error(`Submission ${key} already exists`);

  const messageId = (kind: string) => `<${id}.${kind}@${domainOf(services.fromAddress)}>`;
  const details = [
    `Name: ${message.name}`,
    `Email: ${message.email}`,
    message.company && `Company: ${message.company}`,
    message.phone && `Phone: ${message.phone}`,
    message.inquiryType && `Inquiry type: ${message.inquiryType}`,
    message.source && `Source: ${message.source}`,
    `Received: ${receivedAt}`,
    '',
    message.message ?? '(no message)',
  ].filter((line) => line !== undefined).join('\n');
  const mails = [
    {
      id: `${id}-team`,
      mail: {
        messageId: messageId('team'),
        from: services.fromAddress,
        to: services.teamAddress,
        replyTo: `"${message.name.replace(/["\\]/g, '')}" <${message.email}>`,
        subject: `Contact${message.inquiryType ? ` (${message.inquiryType})` : ''}: ${message.name}`,
        text: details,
      },
    },
    ...(ackAllowed
      ? [
          {
            id: `${id}-ack`,
            mail: {
              messageId: messageId('ack'),
              from: services.fromAddress,
              to: message.email,
              subject: `We received your message to ${services.siteName}`,
              text: `Hello ${message.name},\n\nThank you for writing to ${services.siteName}. A person from the team will answer you soon.\n\nYour message:\n\n${message.message ?? '(no message)'}\n`,
            },
          },
        ]
      : []),
  ];
  for (const entry of mails) await enqueue(services.store, { ...entry, submission: key, createdAt: receivedAt });

  if (!services.mailer) return 'not_configured';
  let failed = false;
  for (const entry of mails) {
    if ((await deliver(services.store, services.mailer, entry.id, now)) === 'failed') failed = true;
  }
  return failed ? 'delivery_failed' : 'delivered';
}

/** Idempotent per address and list: a repeat keeps one entry and refreshes its timestamp and source. */
export async function acceptSignup(services: SubmissionServices, list: SignupList, signup: Signup): Promise<StoredSignup> {
  const at = new Date((services.now ?? Date.now)()).toISOString();
  return update<StoredSignup>(services.store, signupKey(list, signup.email), (current) => ({
    list,
    email: signup.email,
    source: signup.source ?? current?.source,
    createdAt: current?.createdAt ?? at,
    updatedAt: at,
  }));
}

/** Honeypot catches are kept apart, never mailed, so a real person caught by mistake is not lost. */
export async function quarantine(services: SubmissionServices, kind: string, body: unknown, sender: string): Promise<void> {
  const id = (services.newId ?? randomUUID)();
  await services.store.put(`spam/${id}`, { id, kind, sender, receivedAt: new Date((services.now ?? Date.now)()).toISOString(), body });
}
