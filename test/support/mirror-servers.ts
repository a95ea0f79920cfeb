import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { temporaryDirectory } from './temporary-directory.ts';

/**
 * Debian's nginx and Caddy as a test starts them: its own process in the foreground, with
 * every file it writes in a temporary folder, on 127.0.0.1 and a free port.
 */
export const NGINX = '/usr/sbin/nginx';
export const CADDY = '/usr/bin/caddy';
/** Debian's libnginx-mod-http-brotli-static. */
export const NGINX_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface MirrorServer {
  url: string;
  /** What the server logged, for failure messages. */
  log(): Promise<string>;
  stop(): Promise<void>;
}

/** True when the binary exists; a missing one skips its tests loudly, and fails them in CI. */
export function serverAvailable(binary: string, packageName: string): boolean {
  const available = existsSync(binary);
  if (!available && process.env.CI)
    throw new Error(`${binary} is missing: .ci/run installs Debian's ${packageName} package`);
  if (!available)
    console.warn(
      `Skipping the ${packageName} mirror tests: ${binary} not found (apt-get install ${packageName})`,
    );
  return available;
}

/** A port nothing listens on now (the server binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** nginx with the generated config included in a minimal main config: no user switch, no daemon, nothing outside its prefix. */
export async function startNginx(
  mirrorConfig: string,
  port: number,
  options: { brotli: boolean },
): Promise<MirrorServer> {
  const { errorLog, args } = await nginxFiles(mirrorConfig, options);
  return startProcess(NGINX, args, {}, port, () => readFile(errorLog, 'utf8').catch(() => ''));
}

/** `nginx -t` on the generated config: its output when nginx accepts it, else an Error with nginx's complaint. */
export async function testNginxConfig(mirrorConfig: string): Promise<string> {
  const { args } = await nginxFiles(mirrorConfig, { brotli: false });
  const { stderr } = await promisify(execFile)(NGINX, ['-t', ...args]);
  return stderr;
}

async function nginxFiles(
  mirrorConfig: string,
  options: { brotli: boolean },
): Promise<{ errorLog: string; args: string[] }> {
  const prefix = await temporaryDirectory('mirror-nginx-');
  const errorLog = path.join(prefix, 'error.log');
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  await writeFile(path.join(prefix, 'mirror.conf'), mirrorConfig);
  await writeFile(
    path.join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${errorLog} notice;`,
      ...(options.brotli ? [`load_module ${NGINX_BROTLI_MODULE};`] : []),
      'events { worker_connections 64; }',
      'http {',
      '  access_log off;',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
      `  include ${path.join(prefix, 'mirror.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  return {
    errorLog,
    args: ['-p', `${prefix}/`, '-c', path.join(prefix, 'nginx.conf'), '-e', errorLog],
  };
}

/** Caddy on the generated Caddyfile, with the admin endpoint and automatic HTTPS off, and its data and config folders in a temporary folder. */
export async function startCaddy(caddyfile: string, port: number): Promise<MirrorServer> {
  const home = await temporaryDirectory('mirror-caddy-');
  for (const dir of ['data', 'config']) await mkdir(path.join(home, dir));
  const file = path.join(home, 'Caddyfile');
  await writeFile(file, `{\n\tadmin off\n\tauto_https off\n}\n\n${caddyfile}`);
  let output = '';
  return startProcess(
    CADDY,
    ['run', '--config', file, '--adapter', 'caddyfile'],
    {
      HOME: home,
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
    },
    port,
    async () => output,
    (chunk) => (output += chunk),
  );
}

export async function startProcess(
  binary: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  log: () => Promise<string>,
  onOutput: (chunk: string) => void = () => {},
): Promise<MirrorServer> {
  const child = spawn(binary, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${binary} exited with ${child.exitCode}:\n${await log()}`);
    if (await accepts(port)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${binary} did not listen on port ${port} within 10 s:\n${await log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
