import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareSite, type ServedSite } from './support/host-process.ts';

/**
 * The server scripts as an operator runs them: `npm start` and `npm run dev` themselves,
 * stopped the way a service manager stops them (SIGTERM to the process it started).
 */
const project = path.resolve(import.meta.dirname, '..');
let site: ServedSite;
const started: ChildProcess[] = [];

beforeAll(async () => {
  site = await prepareSite(1);
});

afterEach(() => {
  // Whatever a failed test left running: npm's whole process group (npm, tsx, the server).
  for (const child of started.splice(0)) {
    // Even once npm is gone: without the fix, npm exited and left the server running.
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

function npm(script: string, env: Record<string, string>) {
  const child = spawn('npm', ['run', script], {
    cwd: project,
    // Its own process group, so a test that fails can still stop everything npm started.
    detached: true,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      CONTENT_DIR: site.contentDir,
      DIST_DIR: site.distDir,
      DATA_DIR: site.dataDir,
      ...env,
    },
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const serving = new Promise<URL>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /Serving .* at (http:\/\/\S+?)\/? \(/.exec(output);
      if (match) resolve(new URL(match[1]!));
    });
    void exit.then(({ code }) =>
      reject(new Error(`npm run ${script} exited with ${code}:\n${output}`)),
    );
  });
  // A script that is meant to fail never serves: only a test that awaits `serving` cares.
  serving.catch(() => undefined);
  return { child, exit, serving, output: () => output };
}

/** Opens a connection and sends a request's headers and part of its body: a request in progress until `finish`. */
async function startRequest(url: URL, body: string, sent: number) {
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(answer)));
  socket.write(
    `POST /api/newsletter HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, sent)}`,
  );
  return { finish: () => socket.write(body.slice(sent)), closed };
}

const refused = (url: URL) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('npm start', () => {
  it('drains on SIGTERM sent to npm: refuses new connections, finishes the request in progress, exits 0', async () => {
    const server = npm('start', { PORT: '0' });
    const url = await server.serving;
    const body = JSON.stringify({ email: 'draining@example.com' });
    const request = await startRequest(url, body, 10);
    // Its headers are in: the server is now reading its body, which this client holds back.
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(server.child.pid!, 'SIGTERM');
    await expect.poll(() => refused(url), { timeout: 10_000 }).toBe(true);
    request.finish();
    const answer = await request.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toContain('"success":true');
    expect(await server.exit).toEqual({ code: 0, signal: null });
  }, 60_000);

  for (const script of ['start', 'dev']) {
    it(`npm run ${script} on a port in use says so and how to pick another, and exits 1 without a stack trace`, async () => {
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const port = (taken.address() as net.AddressInfo).port;
      try {
        const server = npm(script, { PORT: String(port) });
        expect(await server.exit).toEqual({ code: 1, signal: null });
        expect(server.output()).toContain(`Port ${port} on 127.0.0.1 is in use`);
        expect(server.output()).toMatch(
          /pick another port with PORT, e\.g\. PORT=\d+ \(PORT=0 picks a free one\)/,
        );
        expect(server.output()).not.toMatch(/^\s+at /m);
        expect(server.output()).not.toMatch(/EADDRINUSE/);
      } finally {
        taken.close();
      }
    }, 60_000);
  }
});
