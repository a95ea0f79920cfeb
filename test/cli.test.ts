import { execFile, spawn } from 'node:child_process';
import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../runtime/rate-limit.ts';
import { acceptContact, acceptSignup } from '../runtime/submissions/accept-submission.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import { startSmtpSink } from './support/smtp-sink.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

const run = promisify(execFile);
const project = path.resolve(import.meta.dirname, '..');
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let dataDir: string;

const cli = (script: string, args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', 'tsx', path.join(project, 'cli', script), ...args], {
    cwd: project,
    env: { ...process.env, DATA_DIR: dataDir, ...env },
  });

beforeAll(async () => {
  smtp = await startSmtpSink();
  dataDir = await temporaryDirectory('cli-');
  const store = createFileStore(path.join(dataDir, 'store'));
  const services = {
    store,
    mailer: undefined,
    teamAddress: 'team@example.com',
    fromAddress: 'Site <site@example.com>',
    siteName: 'Site',
    ackLimiter: createMemoryRateLimiter({ limit: 3, windowSeconds: 60 }),
  };
  await acceptContact(
    services,
    {
      name: 'Grace, "Amazing" Hopper',
      email: 'grace@example.com',
      message: '=HYPERLINK("x")\nsecond line',
    },
    '192.0.2.1',
  );
  await acceptSignup(services, 'waitlist', { email: 'one@example.com', source: 'home' });
  await acceptSignup(services, 'waitlist', { email: 'two@example.com' });
});
afterAll(() => smtp.close());

describe('npm run submissions -- export', () => {
  it('exports a list as CSV, quoting and neutralising formulas', async () => {
    const { stdout } = await cli('submissions.ts', [
      'export',
      '--list',
      'contact',
      '--format',
      'csv',
    ]);
    const [header, row] = stdout.split('\r\n');
    expect(header).toBe(
      'id,receivedAt,name,email,company,phone,inquiryType,source,message,acknowledgement',
    );
    expect(row).toContain('"Grace, ""Amazing"" Hopper",grace@example.com');
    expect(stdout).toContain(`"'=HYPERLINK(""x"")\nsecond line"`);
  });

  it('exports sign-ups as JSON', async () => {
    const { stdout } = await cli('submissions.ts', [
      'export',
      '--list',
      'waitlist',
      '--format',
      'json',
    ]);
    expect((JSON.parse(stdout) as { email: string }[]).map((r) => r.email).sort()).toEqual([
      'one@example.com',
      'two@example.com',
    ]);
  });

  it('explains its usage on a wrong list, on standard error', async () => {
    await expectUsageError(
      cli('submissions.ts', ['export', '--list', 'nope']),
      /Usage: npm run submissions/,
    );
  });

  it('writes the export to --out, nothing to standard output, and a line saying so to standard error', async () => {
    const printed = await cli('submissions.ts', ['export', '--list', 'contact']);
    const out = path.join(dataDir, 'contact.csv');
    const written = await cli('submissions.ts', ['export', '--list', 'contact', '--out', out]);
    expect(written.stdout).toBe('');
    expect(written.stderr).toBe(
      `Wrote the contact submissions to ${out} (${Buffer.byteLength(printed.stdout)} bytes).\n`,
    );
    expect(await readFile(out, 'utf8')).toBe(printed.stdout);
  });

  it('says why it cannot write --out', async () => {
    await expect(
      cli('submissions.ts', ['export', '--list', 'contact', '--out', dataDir]),
    ).rejects.toMatchObject({
      code: 1,
      stderr: `Could not write the contact submissions to ${dataDir}: ${dataDir} is a folder: give the file's path.\n`,
    });
  });

  it("through npm run: refuses to add its data after npm's banner in a redirected output, and writes a clean file with --out or -s", async () => {
    const redirected = path.join(dataDir, 'redirected.csv');
    const refused = await npmRun(['submissions', '--', 'export', '--list', 'contact'], redirected);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'npm run printed its banner ("> detour-content-api@1.0.0 submissions") into the file or pipe standard output goes to',
    );
    expect(refused.stderr).toContain('Give --out FILE instead');
    // What the file holds is npm's, not the command's: its banner and nothing after it.
    expect(await readFile(redirected, 'utf8')).toMatch(
      /^\n> detour-content-api@1\.0\.0 submissions\n> tsx cli\/submissions\.ts [^\n]*\n\n$/,
    );

    const { stdout: expected } = await cli('submissions.ts', ['export', '--list', 'contact']);
    const silent = path.join(dataDir, 'silent.csv');
    expect(
      (await npmRun(['-s', 'submissions', '--', 'export', '--list', 'contact'], silent)).code,
    ).toBe(0);
    expect(await readFile(silent, 'utf8')).toBe(expected);

    const out = path.join(dataDir, 'out.csv');
    const viaOut = await npmRun(
      ['submissions', '--', 'export', '--list', 'contact', '--out', out],
      path.join(dataDir, 'npm-output.txt'),
    );
    expect(viaOut.code).toBe(0);
    expect(await readFile(out, 'utf8')).toBe(expected);
    expect((await stat(out)).size).toBe(Buffer.byteLength(expected));
  });
});

/** `npm run ARGS > file`: npm's standard output goes to the file, as a shell redirection sends it. */
async function npmRun(
  args: string[],
  stdoutFile: string,
): Promise<{ code: number; stderr: string }> {
  const file = await open(stdoutFile, 'w');
  try {
    // npm takes its log level from the environment too: a suite started with npm test -s must not silence this npm.
    const { npm_config_loglevel: _, ...env } = process.env;
    const child = spawn('npm', ['run', ...args], {
      cwd: project,
      env: { ...env, DATA_DIR: dataDir },
      stdio: ['ignore', file.fd, 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? -1)));
    return { code, stderr };
  } finally {
    await file.close();
  }
}

describe('npm run outbox', () => {
  it('lists queued mail and delivers it once with retry', async () => {
    const listed = await cli('outbox.ts', ['list']);
    expect(listed.stdout).toContain('2 mails waiting');
    const before = smtp.received.length;
    const first = await cli('outbox.ts', ['retry'], { SMTP_URL: smtp.url });
    expect(first.stdout).toMatch(
      /Delivered 2, failed 0, uncertain 0, already handled 0 \(via SMTP smtp:\/\/127\.0\.0\.1:\d+\)/,
    );
    const second = await cli('outbox.ts', ['retry'], { SMTP_URL: smtp.url });
    expect(second.stdout).toMatch(/Delivered 0, failed 0, uncertain 0, already handled 2/);
    expect(smtp.received.length - before).toBe(2);
  });

  it('resends only a mail whose delivery is uncertain, and says so otherwise', async () => {
    await expect(cli('outbox.ts', ['resend', 'no-such-mail'])).rejects.toMatchObject({
      stderr: expect.stringContaining('is not a mail whose delivery is uncertain'),
    });
    await expect(cli('outbox.ts', ['resend'])).rejects.toMatchObject({
      code: 2,
      stdout: expect.stringContaining('resend ID'),
    });
  });
});

/** A command-line mistake: exit 2, what is wrong and how to fix it, and never a stack trace. */
async function expectUsageError(running: Promise<unknown>, message: RegExp) {
  const failure = (await running.then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => error,
  )) as { code: number; stderr: string };
  expect(failure.code).toBe(2);
  expect(failure.stderr).toMatch(message);
  expect(failure.stderr).not.toMatch(/^\s+at /m);
  expect(failure.stderr).not.toMatch(/Error \[ERR_/);
}

describe('npm run keys -- issue', () => {
  const ORG = '7d1f5c1e-6a0b-4c43-9a51-2b7f0e4d9c10';

  it('refuses command-line mistakes with exit 2, saying what is wrong and how to fix it', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['issue', '--org', 'acme'],
        /--org "acme" is not an organization id: organization ids are UUIDs, such as 7d1f5c1e-/,
      ],
      [['issue', '--org', '../keys/x'], /is not an organization id/],
      [['issue', '--org', `${ORG}x`], /is not an organization id/],
      [['issue'], /Which organization\? Give --org with its UUID/],
      [['issue', '--org', ORG, '--bogus'], /Unknown option '--bogus'/],
      [
        ['issue', '--org', ORG, '--store', 'cloud'],
        /Unknown --store "cloud": use one of local, netlify-dev, blobs/,
      ],
      [
        ['issue', '--org', ORG, '--scopes', 'instances:admin'],
        /Unknown scope instances:admin: use one or more of instances:read, instances:write/,
      ],
      [['issue', '--org', ORG, '--name', ' '], /--name " " cannot name a key/],
      [['issue', '--org', ORG, 'ci'], /Unexpected argument "ci"/],
      [['rotate', '--org', ORG], /Unknown command "rotate"/],
    ];
    for (const [args, message] of cases) await expectUsageError(cli('keys.ts', args), message);
    const store = createFileStore(path.join(dataDir, 'store'));
    expect(await store.list('orgs/')).toEqual([]);
  });

  it('reads an organization id in capitals as its lowercase UUID', async () => {
    const { stdout } = await cli('keys.ts', ['issue', '--org', ORG.toUpperCase()]);
    expect(stdout).toContain(`for organization ${ORG} `);
    expect(await createFileStore(path.join(dataDir, 'store')).list('orgs/')).toEqual([
      `orgs/${ORG}/key`,
    ]);
  });
});

describe('npm run build', () => {
  const build = (args: string[], env: Record<string, string> = {}) =>
    run(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(project, 'generator/cli.ts'),
        '--out',
        path.join(dataDir, 'never-built'),
        ...args,
      ],
      { cwd: project, env: { ...process.env, ...env } },
    );

  it('refuses a base URL that is not the address of a site, with exit 2 and the form it wants', async () => {
    await expectUsageError(
      build(['--base-url', 'notaurl']),
      /--base-url "notaurl" is not a URL: give the site's address, scheme and host only, such as https:\/\/detour\.example/,
    );
    await expectUsageError(
      build(['--base-url', 'ftp://files.example']),
      /is not an http\(s\) address/,
    );
    await expectUsageError(
      build(['--base-url=https://detour.example/blog?x=1']),
      /has more than a scheme and a host/,
    );
    await expectUsageError(
      build([], { SITE_BASE_URL: 'detour.example' }),
      /^SITE_BASE_URL "detour.example" is not a URL/,
    );
  });
});
