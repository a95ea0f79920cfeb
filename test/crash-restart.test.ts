import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../runtime/mail/mailer.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import { pendingOutbox, retryOutbox, type OutboxEntry } from '../runtime/submissions/outbox.ts';
import {
  prepareSite,
  startHost,
  type HostProcess,
  type ServedSite,
} from './support/host-process.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

/**
 * `npm start` killed with SIGKILL in the middle of a burst of contact messages, then
 * started again, with a real SMTP server receiving the mail: every acknowledged message is
 * kept, every kept message gets its mail, what the dead process left on disk is cleaned,
 * and no Message-ID reaches the SMTP server twice.
 */
let site: ServedSite;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let host: HostProcess | undefined;

beforeAll(async () => {
  site = await prepareSite(1);
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await host?.stop();
  await smtp?.close();
});

const BURST = 100;
const KILL_AFTER = 12;

async function filesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const messageIdOf = (raw: string) => /^Message-ID: (<[^>]+>)/im.exec(raw)?.[1];

describe('a crash during a burst of submissions', () => {
  it('keeps every acknowledged message, queues mail for all, cleans up, and sends no Message-ID twice', async () => {
    const env = { SMTP_URL: smtp.url, TRUST_PROXY: '1' };
    const first = await startHost('server/start.ts', site, env);
    host = first;
    const acknowledged: string[] = [];
    await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        const message = `burst message ${i}`;
        try {
          const res = await fetch(`${first.url}/api/contact`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.18.${i}.1` },
            body: JSON.stringify({ name: `Burst ${i}`, email: `burst${i}@example.com`, message }),
          });
          if (res.status === 200) acknowledged.push(message);
          if (acknowledged.length === KILL_AFTER) void first.kill();
        } catch {
          // Cut off by the kill: the client was never told its message was kept.
        }
      }),
    );
    await first.kill();
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.length, 'the kill came after the burst was over').toBeLessThan(BURST);

    // What a crash at the worst moments leaves, made certain: a file written but not yet
    // renamed, a lock held, and a message stored whose mail was never queued.
    const storeDir = path.join(site.dataDir, 'store');
    const store = createFileStore(storeDir);
    await mkdir(path.join(storeDir, 'outbox'), { recursive: true });
    await writeFile(
      path.join(storeDir, 'outbox', `x.json.${first.pid}.00000000-0000-4000-8000-000000000000.tmp`),
      '{',
    );
    await writeFile(path.join(storeDir, 'contact', 'orphan.json.lock'), String(first.pid));
    const orphan = {
      id: 'orphan',
      receivedAt: new Date().toISOString(),
      sender: '198.18.255.1',
      name: 'Orphan',
      email: 'orphan@example.com',
      message: 'stored, never queued',
      acknowledgement: 'queued',
    };
    await store.put('contact/orphan', orphan);
    acknowledged.push(orphan.message);

    host = await startHost('server/start.ts', site, env);
    expect((await filesUnder(site.dataDir)).filter((f) => /\.(tmp|lock)$/.test(f))).toEqual([]);

    const contacts = await Promise.all(
      (await store.list('contact/')).map(
        async (k) => (await store.get<{ id: string; message: string }>(k))!.value,
      ),
    );
    expect(new Set(contacts.map((c) => c.message))).toEqual(
      new Set([...acknowledged, ...contacts.map((c) => c.message)]),
    );
    for (const message of acknowledged) expect(contacts.map((c) => c.message)).toContain(message);
    const queued = new Set(await store.list('outbox/'));
    for (const contact of contacts)
      expect(queued.has(`outbox/${contact.id}-team`), contact.id).toBe(true);

    // After the dead process's claims lapse (its mailer's send timeout plus the margin), deliver the rest.
    const later = () => Date.now() + 60_000;
    await retryOutbox(store, createSmtpMailer(smtp.url), later);
    expect(await retryOutbox(store, createSmtpMailer(smtp.url), later)).toMatchObject({
      sent: 0,
      failed: 0,
    });

    const perMessageId = new Map<string, number>();
    for (const mail of smtp.received)
      perMessageId.set(messageIdOf(mail.raw)!, (perMessageId.get(messageIdOf(mail.raw)!) ?? 0) + 1);
    expect([...perMessageId].filter(([, count]) => count > 1)).toEqual([]);

    const entries = await Promise.all(
      [...(await store.list('outbox/'))].map(async (k) => (await store.get<OutboxEntry>(k))!.value),
    );
    const uncertain = (await pendingOutbox(store)).filter((e) => e.status === 'uncertain');
    // Every mail was delivered once, or is listed for the operator because a transfer was cut by the kill.
    expect(entries.filter((e) => e.status !== 'sent' && e.status !== 'uncertain')).toEqual([]);
    for (const entry of entries.filter((e) => e.status === 'sent'))
      expect(perMessageId.get(entry.mail.messageId), entry.id).toBe(1);
    expect(uncertain.length).toBeLessThan(entries.length);
    expect(perMessageId.get(`<orphan.team@detour.example>`)).toBe(1);
  });
});
