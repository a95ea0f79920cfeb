import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../runtime/rate-limit.ts';
import { acceptContact, acceptSignup } from '../runtime/submissions/accept-submission.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

const run = promisify(execFile);
const project = path.resolve(import.meta.dirname, '..');
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let dataDir: string;

const cli = (script: string, args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', 'tsx', path.join(project, 'cli', script), ...args], { cwd: project, env: { ...process.env, DATA_DIR: dataDir, ...env } });

beforeAll(async () => {
  smtp = await startSmtpSink();
  dataDir = await mkdtemp(path.join(tmpdir(), 'cli-'));
  const store = createFileStore(path.join(dataDir, 'store'));
  const services = {
    store,
    mailer: undefined,
    teamAddress: 'team@example.com',
    fromAddress: 'Site <site@example.com>',
    siteName: 'Site',
    ackLimiter: createMemoryRateLimiter({ limit: 3, windowSeconds: 60 }),
  };
  await acceptContact(services, { name: 'Grace, "Amazing" Hopper', email: 'grace@example.com', message: '=HYPERLINK("x")\nsecond line' }, '192.0.2.1');
  await acceptSignup(services, 'waitlist', { email: 'one@example.com', source: 'home' });
  await acceptSignup(services, 'waitlist', { email: 'two@example.com' });
});
afterAll(() => smtp.close());

describe('npm run submissions -- export', () => {
  it('exports a list as CSV, quoting and neutralising formulas', async () => {
    const { stdout } = await cli('submissions.ts', ['export', '--list', 'contact', '--format', 'csv']);
    const [header, row] = stdout.split('\r\n');
    expect(header).toBe('id,receivedAt,name,email,company,phone,inquiryType,source,message,acknowledgement');
    expect(row).toContain('"Grace, ""Amazing"" Hopper",grace@example.com');
    expect(stdout).toContain(`"'=HYPERLINK(""x"")\nsecond line"`);
  });

  it('exports sign-ups as JSON', async () => {
    const { stdout } = await cli('submissions.ts', ['export', '--list', 'waitlist', '--format', 'json']);
    expect((JSON.parse(stdout) as { email: string }[]).map((r) => r.email).sort()).toEqual(['one@example.com', 'two@example.com']);
  });

  it('explains its usage on a wrong list', async () => {
    await expect(cli('submissions.ts', ['export', '--list', 'nope'])).rejects.toMatchObject({ code: 2, stdout: expect.stringContaining('Usage: npm run submissions') });
  });
});

describe('npm run outbox', () => {
  it('lists queued mail and delivers it once with retry', async () => {
    const listed = await cli('outbox.ts', ['list']);
    expect(listed.stdout).toContain('2 mails waiting');
    const before = smtp.received.length;
    const first = await cli('outbox.ts', ['retry'], { SMTP_URL: smtp.url });
    expect(first.stdout).toMatch(/Delivered 2, failed 0, uncertain 0, already handled 0 \(via SMTP smtp:\/\/127\.0\.0\.1:\d+\)/);
    const second = await cli('outbox.ts', ['retry'], { SMTP_URL: smtp.url });
    expect(second.stdout).toMatch(/Delivered 0, failed 0, uncertain 0, already handled 2/);
    expect(smtp.received.length - before).toBe(2);
  });

  it('resends only a mail whose delivery is uncertain, and says so otherwise', async () => {
    await expect(cli('outbox.ts', ['resend', 'no-such-mail'])).rejects.toMatchObject({ stderr: expect.stringContaining('is not a mail whose delivery is uncertain') });
    await expect(cli('outbox.ts', ['resend'])).rejects.toMatchObject({ code: 2, stdout: expect.stringContaining('resend ID') });
  });
});
