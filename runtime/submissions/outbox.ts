import { NotTransmittedError, type Mailer, type OutgoingMail } from '../mail/mailer.ts';
import { update, type Store } from '../store/store.ts';

/**
 * Mail waits in the store until it is delivered, one entry per Message-ID (the entry's id
 * is the Message-ID's local part): the entry is the mail's idempotency record. Each mail
 * is transferred at most once, across crashes and concurrent workers:
 *
 *   pending -> sending        a worker claims it with a conditional write, until
 *                             claimExpiresAt (its mailer's send timeout plus a margin)
 *   sending -> transmitting   recorded (conditional on the claim) once the mail server is
 *                             connected, right before the mail itself is transferred
 *   transmitting -> sent      the server accepted it
 *   sending -> pending        nothing was transferred (no connection, a refusal): retried
 *   transmitting -> uncertain the transfer broke off, or the worker died during it
 *                             (found expired): it may have been delivered, so it is never
 *                             sent again automatically; `npm run outbox -- resend ID` does it
 *
 * An expired `sending` claim (its worker died before transferring anything) is taken over.
 */
export interface OutboxEntry {
  id: string;
  /** Store key of the submission the mail belongs to. */
  submission: string;
  mail: OutgoingMail;
  status: 'pending' | 'sending' | 'transmitting' | 'sent' | 'uncertain';
  attempts: number;
  createdAt: string;
  claimedAt?: string;
  /** When the claim lapses if its worker has not finished: the claimer's send timeout plus CLAIM_MARGIN_MS. */
  claimExpiresAt?: string;
  transmittedAt?: string;
  sentAt?: string;
  lastError?: string;
}

export const OUTBOX_PREFIX = 'outbox/';
/** Time beyond the mailer's own send timeout for the store writes around a send. */
export const CLAIM_MARGIN_MS = 10_000;

export const outboxKey = (id: string) => `${OUTBOX_PREFIX}${id}`;

/** Queues a mail; queuing the same id again changes nothing. Returns whether it was new. */
export async function enqueue(
  store: Store,
  entry: Omit<OutboxEntry, 'status' | 'attempts'>,
): Promise<boolean> {
  return (
    (await store.put<OutboxEntry>(
      outboxKey(entry.id),
      { ...entry, status: 'pending', attempts: 0 },
      { kind: 'if-absent' },
    )) !== undefined
  );
}

export type DeliveryResult = 'sent' | 'failed' | 'uncertain' | 'skipped';

const expired = (entry: OutboxEntry, time: number) =>
  !entry.claimExpiresAt || Date.parse(entry.claimExpiresAt) <= time;

export async function deliver(
  store: Store,
  mailer: Mailer,
  id: string,
  now: () => number = Date.now,
): Promise<DeliveryResult> {
  const key = outboxKey(id);
  const current = await store.get<OutboxEntry>(key);
  if (!current) return 'skipped';
  const entry = current.value;
  if (entry.status === 'sent' || entry.status === 'uncertain') return 'skipped';
  if (entry.status === 'transmitting' || entry.status === 'sending') {
    if (!expired(entry, now())) return 'skipped';
    if (entry.status === 'transmitting') {
      const marked: OutboxEntry = {
        ...entry,
        status: 'uncertain',
        lastError: 'The worker sending it stopped during the transfer; it may have been delivered.',
      };
      return (await store.put(key, marked, { kind: 'if-version', version: current.version })) ===
        undefined
        ? 'skipped'
        : 'uncertain';
    }
  }
  const time = now();
  const claimed: OutboxEntry = {
    ...entry,
    status: 'sending',
    attempts: entry.attempts + 1,
    claimedAt: new Date(time).toISOString(),
    claimExpiresAt: new Date(time + mailer.sendTimeoutMs + CLAIM_MARGIN_MS).toISOString(),
  };
  const claim = await store.put(key, claimed, { kind: 'if-version', version: current.version });
  if (claim === undefined) return 'skipped';

  let transmitting: OutboxEntry | undefined;
  let takenOver = false;
  const beforeTransmit = async () => {
    const next: OutboxEntry = {
      ...claimed,
      status: 'transmitting',
      transmittedAt: new Date(now()).toISOString(),
    };
    if ((await store.put(key, next, { kind: 'if-version', version: claim })) === undefined) {
      // Our claim lapsed and another worker owns the entry now: leave it to them.
      takenOver = true;
      throw new Error(`Outbox entry ${id} was taken over by another worker`);
    }
    transmitting = next;
  };
  try {
    await mailer.send(entry.mail, { beforeTransmit });
  } catch (error) {
    if (takenOver) return 'skipped';
    const definitelyNotSent = error instanceof NotTransmittedError || !transmitting;
    await update<OutboxEntry>(store, key, (e) => ({
      ...(e ?? transmitting ?? claimed),
      status: definitelyNotSent ? 'pending' : 'uncertain',
      lastError: describeError(error),
    }));
    return definitelyNotSent ? 'failed' : 'uncertain';
  }
  await update<OutboxEntry>(store, key, (e) => ({
    ...(e ?? transmitting ?? claimed),
    status: 'sent',
    sentAt: new Date(now()).toISOString(),
    lastError: undefined,
  }));
  return 'sent';
}

/** Delivers everything still queued: what `npm run outbox -- retry` and the scheduled function run. */
export async function retryOutbox(
  store: Store,
  mailer: Mailer,
  now: () => number = Date.now,
): Promise<Record<DeliveryResult, number>> {
  const counts: Record<DeliveryResult, number> = { sent: 0, failed: 0, uncertain: 0, skipped: 0 };
  for (const key of await store.list(OUTBOX_PREFIX)) {
    counts[await deliver(store, mailer, key.slice(OUTBOX_PREFIX.length), now)]++;
  }
  return counts;
}

export async function pendingOutbox(store: Store): Promise<OutboxEntry[]> {
  const entries = await Promise.all(
    (await store.list(OUTBOX_PREFIX)).map((k) => store.get<OutboxEntry>(k)),
  );
  return entries.flatMap((e) => (e && e.value.status !== 'sent' ? [e.value] : []));
}

/**
 * The operator's decision for a mail whose delivery is uncertain (they checked the mail
 * server's log, or accept a possible duplicate): queue it once more. Returns false when
 * there is no such uncertain entry.
 */
export async function requeueUncertain(store: Store, id: string): Promise<boolean> {
  const current = await store.get<OutboxEntry>(outboxKey(id));
  if (current?.value.status !== 'uncertain') return false;
  return (
    (await store.put(
      outboxKey(id),
      { ...current.value, status: 'pending' },
      { kind: 'if-version', version: current.version },
    )) !== undefined
  );
}

/** Transport errors can quote server replies; keep the first line, never credentials from URLs. */
function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').replace(/\/\/[^@/\s]+@/g, '//***@').slice(0, 300);
}
