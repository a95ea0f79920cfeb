import { createHash, randomUUID } from 'node:crypto';
import { headerText } from '../mail/header-text.ts';
import { mailboxKey } from '../mail/mailbox-key.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import type { RateLimiter } from '../rate-limit.ts';
import { update, type Store } from '../store/store.ts';
import { deliver, enqueue, OUTBOX_PREFIX } from './outbox.ts';
import type { ContactMessage, Signup, SignupList, SubmissionKind } from '../../core/submissions.ts';

/**
 * What happens to an accepted submission: it is written to the store first, then any
 * mail is queued and attempted. Nothing here can lose a submission: a failure after the
 * write leaves it stored and its mail queued for `npm run outbox -- retry`, and a crash
 * between the two is repaired by `queueOrphans` at the next start or scheduled retry.
 */
export interface SubmissionServices {
  store: Store;
  /** undefined when production has no SMTP configured: submissions are kept, mail waits. */
  mailer: Mailer | undefined;
  teamAddress: string;
  fromAddress: string;
  siteName: string;
  /** Acknowledgements per recipient mailbox, so the endpoint cannot flood a stranger's inbox. */
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

const CONTACT_PREFIX = 'contact/';
const domainOf = (address: string) => /@([^>\s]+)>?\s*$/.exec(address)?.[1] ?? 'localhost';

/**
 * The mails of a stored contact message, derived from the record alone (ids included), so
 * the same mails can be queued again after a crash: the team's copy, and the
 * acknowledgement when the record says one was allowed. The acknowledgement goes to an
 * address anyone can type, so it carries nothing the submitter wrote: no name, no message.
 */
export function contactMails(
  contact: StoredContact,
  services: Pick<SubmissionServices, 'fromAddress' | 'teamAddress' | 'siteName'>,
): { id: string; mail: OutgoingMail }[] {
  const messageId = (kind: string) => `<${contact.id}.${kind}@${domainOf(services.fromAddress)}>`;
  const details = [
    `Name: ${contact.name}`,
    `Email: ${contact.email}`,
    contact.company && `Company: ${contact.company}`,
    contact.phone && `Phone: ${contact.phone}`,
    contact.inquiryType && `Inquiry type: ${contact.inquiryType}`,
    contact.source && `Source: ${contact.source}`,
    `Received: ${contact.receivedAt}`,
    '',
    contact.message ?? '(no message)',
  ]
    .filter((line) => line !== undefined)
    .join('\n');
  const team = {
    id: `${contact.id}-team`,
    mail: {
      messageId: messageId('team'),
      date: contact.receivedAt,
      from: services.fromAddress,
      to: services.teamAddress,
      // The bare address: a display name is text the sender chose, shown by mail programs as if it were a fact.
      replyTo: contact.email,
      subject: `Contact${contact.inquiryType ? ` (${contact.inquiryType})` : ''}: ${headerText(contact.name)}`,
      text: details,
    },
  };
  if (contact.acknowledgement !== 'queued') return [team];
  const ack = {
    id: `${contact.id}-ack`,
    mail: {
      messageId: messageId('ack'),
      date: contact.receivedAt,
      from: services.fromAddress,
      to: contact.email,
      subject: `We received your message to ${services.siteName}`,
      text:
        `Hello,\n\nThank you for writing to ${services.siteName}. We received your message on ${contact.receivedAt.slice(0, 10)}, ` +
        'and a person from the team will answer you soon.\n\n' +
        'If you did not write to us, someone typed your address into our contact form: you can ignore this mail, and you will not hear from us again because of it.\n',
    },
  };
  return [team, ack];
}

export async function acceptContact(
  services: SubmissionServices,
  message: ContactMessage,
  sender: string,
): Promise<ContactOutcome> {
  const now = services.now ?? Date.now;
  const id = (services.newId ?? randomUUID)();
  const receivedAt = new Date(now()).toISOString();
  const ackAllowed = (await services.ackLimiter.take(mailboxKey(message.email))).allowed;
  const key = `${CONTACT_PREFIX}${id}`;
  const stored: StoredContact = {
    id,
    receivedAt,
    sender,
    ...message,
    acknowledgement: ackAllowed ? 'queued' : 'suppressed',
  };
  const written = await services.store.put(key, stored, { kind: 'if-absent' });
  if (written === undefined) throw new Error(`Submission ${key} already exists`);

  const mails = contactMails(stored, services);
  for (const entry of mails)
    await enqueue(services.store, { ...entry, submission: key, createdAt: receivedAt });

  const { mailer } = services;
  if (!mailer) return 'not_configured';
  const results = await Promise.all(
    mails.map((entry) => deliver(services.store, mailer, entry.id, now)),
  );
  return results.includes('failed') || results.includes('uncertain')
    ? 'delivery_failed'
    : 'delivered';
}

/**
 * Repairs a crash between storing a contact message and queuing its mails: every stored
 * message without its team mail in the outbox gets its mails queued (queuing is
 * idempotent, so a request still finishing its own is harmless). Returns how many.
 */
export async function queueOrphans(
  services: Pick<SubmissionServices, 'store' | 'fromAddress' | 'teamAddress' | 'siteName'>,
): Promise<number> {
  const queued = new Set(await services.store.list(OUTBOX_PREFIX));
  let repaired = 0;
  for (const key of await services.store.list(CONTACT_PREFIX)) {
    const id = key.slice(CONTACT_PREFIX.length);
    if (queued.has(`${OUTBOX_PREFIX}${id}-team`)) continue;
    const contact = (await services.store.get<StoredContact>(key))?.value;
    if (!contact) continue;
    for (const entry of contactMails(contact, services))
      await enqueue(services.store, { ...entry, submission: key, createdAt: contact.receivedAt });
    repaired++;
  }
  return repaired;
}

/** Idempotent per address and list: a repeat keeps one entry and refreshes its timestamp and source. */
export async function acceptSignup(
  services: SubmissionServices,
  list: SignupList,
  signup: Signup,
): Promise<StoredSignup> {
  const at = new Date((services.now ?? Date.now)()).toISOString();
  return update<StoredSignup>(services.store, signupKey(list, signup.email), (current) => ({
    list,
    email: signup.email,
    source: signup.source ?? current?.source,
    createdAt: current?.createdAt ?? at,
    updatedAt: at,
  }));
}

/**
 * Honeypot catches are kept apart, never mailed, so a real person caught by mistake is not
 * lost. Only what a person could have submitted is kept: the validated fields (each
 * bounded) and the start of the trap field, never the raw body, whose size and shape a
 * bot chooses.
 */
export async function quarantine(
  services: SubmissionServices,
  kind: SubmissionKind,
  fields: ContactMessage | Signup,
  honeypot: string,
  sender: string,
): Promise<void> {
  const id = (services.newId ?? randomUUID)();
  await services.store.put(`spam/${id}`, {
    id,
    kind,
    sender,
    receivedAt: new Date((services.now ?? Date.now)()).toISOString(),
    fields,
    honeypot,
  });
}
