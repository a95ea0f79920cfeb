import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import { update, type Store } from '../store/store.ts';

/**
 * Mail waits in the store until it is delivered. Delivery claims an entry (pending ->
 * sending) with a conditional write, so two workers never send the same entry; a claim
 * older than CLAIM_TIMEOUT_MS is considered abandoned by a crashed worker.
 */
export interface OutboxEntry {
  id: string;
  /** Store key of the submission the mail belongs to. */
  submission: string;
  mail: OutgoingMail;
  status: 'pending' | 'sending' | 'sent';
  attempts: number;
  createdAt: string;
  claimedAt?: string;
  sentAt?: string;
  lastError?: string;
}

export const OUTBOX_PREFIX = 'outbox/';
export const CLAIM_TIMEOUT_MS = 5 * 60_000;

export const outboxKey = (id: string) => `${OUTBOX_PREFIX}${id}`;

export async function enqueue(store: Store, entry: Omit<OutboxEntry, 'status' | 'attempts'>): Promise<void> {
  const written = await store.put<OutboxEntry>(outboxKey(entry.id), { ...entry, status: 'pending', attempts: 0 }, { kind: 'if-absent' });
  if (written === undefined) throw new Error(`Outbox entry ${entry.id} already exists`);
}

export type DeliveryResult = 'sent' | 'failed' | 'skipped';

export async function deliver(store: Store, mailer: Mailer, id: string, now: () => number = Date.now): Promise<DeliveryResult> {
  const key = outboxKey(id);
  const current = await store.get<OutboxEntry>(key);
  if (!current) return 'skipped';
  const entry = current.value;
  const abandoned = entry.status === 'sending' && now() - Date.parse(entry.claimedAt ?? '') > CLAIM_TIMEOUT_MS;
  if (entry.status === 'sent' || (entry.status === 'sending' && !abandoned)) return 'skipped';
  const claimed: OutboxEntry = { ...entry, status: 'sending', attempts: entry.attempts + 1, claimedAt: new Date(now()).toISOString() };
  if ((await store.put(key, claimed, { kind: 'if-version', version: current.version })) === undefined) return 'skipped';
  try {
    await mailer.send(entry.mail);
  } catch (error) {
    await update<OutboxEntry>(store, key, (e) => ({ ...(e ?? claimed), status: 'pending', lastError: describeError(error) }));
    return 'failed';
  }
  await update<OutboxEntry>(store, key, (e) => ({ ...(e ?? claimed), status: 'sent', sentAt: new Date(now()).toISOString(), lastError: undefined }));
  return 'sent';
}

/** Delivers everything still queued: what `npm run outbox -- retry` and the scheduled function run. */
export async function retryOutbox(store: Store, mailer: Mailer, now: () => number = Date.now): Promise<Record<DeliveryResult, number>> {
  const counts: Record<DeliveryResult, number> = { sent: 0, failed: 0, skipped: 0 };
  for (const key of await store.list(OUTBOX_PREFIX)) {
    counts[await deliver(store, mailer, key.slice(OUTBOX_PREFIX.length), now)]++;
  }
  return counts;
}

export async function pendingOutbox(store: Store): Promise<OutboxEntry[]> {
  const entries = await Promise.all((await store.list(OUTBOX_PREFIX)).map((k) => store.get<OutboxEntry>(k)));
  return entries.flatMap((e) => (e && e.value.status !== 'sent' ? [e.value] : []));
}

/** Transport errors can quote server replies; keep the first line, never credentials from URLs. */
function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').replace(/\/\/[^@/\s]+@/g, '//***@').slice(0, 300);
}
