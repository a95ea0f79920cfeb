import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInputsOf } from '../generator/build.ts';
import { assetPath } from '../generator/render/asset-names.ts';
import {
  CADDY,
  freePort,
  type MirrorServer,
  NGINX,
  serverAvailable,
  startCaddy,
  startProcess,
} from './support/mirror-servers.ts';
import { send } from './support/raw-http.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/**
 * docs/mirror.md's "Set up on Debian", run as written: the commands are read from the
 * page's shell blocks, so the recipe and this test cannot drift apart. What a test cannot
 * do as a user is translated, and only that: paths under /srv/detour, /etc/nginx and
 * /etc/caddy go to a temporary folder (its etc/nginx a copy of Debian's own), port 80 to a
 * free port, `sudo` is dropped, and reloading the service starts the server instead. A
 * line this test does not know how to run fails it.
 */
const run = promisify(execFile);
const project = path.resolve(import.meta.dirname, '..');
const recipe = await readFile(path.join(project, 'docs', 'mirror.md'), 'utf8');

/** The shell lines of each `###` part of the recipe section, in order. */
function recipeParts(): Map<string, string[]> {
  const section = recipe.slice(
    recipe.indexOf('## Set up on Debian'),
    recipe.indexOf('\n## ', recipe.indexOf('## Set up on Debian') + 1),
  );
  const parts = new Map<string, string[]>();
  let part = '';
  let inShell = false;
  for (const line of section.split('\n')) {
    if (line.startsWith('### ')) part = line.slice(4);
    else if (line === '```sh') inShell = true;
    else if (line === '```') inShell = false;
    else if (inShell && line.trim()) parts.set(part, [...(parts.get(part) ?? []), line]);
  }
  return parts;
}

const parts = recipeParts();
const part = (name: string) => {
  const lines = parts.get(name);
  if (!lines) throw new Error(`docs/mirror.md has no "### ${name}" with shell commands`);
  return lines;
};

let root: string;

beforeAll(async () => {
  root = await temporaryDirectory('mirror-recipe-');
  await mkdir(path.join(root, 'srv'));
});
afterAll(async () => {
  // npm run build keeps what it knows of an output folder in the project's cache: forget this one.
  const manifest = builtInputsOf(path.join(root, 'srv', 'dist')).file;
  const prefix = path.basename(manifest, '.json');
  const outputs = path.dirname(manifest);
  for (const name of await readdir(outputs).catch(() => []))
    if (name.startsWith(`${prefix}.`))
      await rm(path.join(outputs, name), { recursive: true, force: true });
});

interface Host {
  port: number;
  /** Runs the part's line that tests the configuration and reloads the server. */
  testAndReload(line: string): Promise<MirrorServer>;
}

const mapPaths = (line: string, port: number) =>
  line
    .replaceAll('/srv/detour', path.join(root, 'srv'))
    .replaceAll('/etc/nginx', path.join(root, 'etc', 'nginx'))
    .replaceAll('/etc/caddy', path.join(root, 'etc', 'caddy'))
    .replaceAll('0.0.0.0:80', `127.0.0.1:${port}`);

/** Runs a part of the recipe; returns the server its last step started, if any. */
async function follow(lines: string[], host?: Host): Promise<MirrorServer | undefined> {
  let server: MirrorServer | undefined;
  for (const line of lines) {
    const mapped = mapPaths(line, host?.port ?? 80);
    if (line === 'npm ci') continue; // the project's node_modules are installed
    const install = /^sudo apt-get install ((?:[a-z0-9.+-]+ ?)+)$/.exec(line);
    if (install) {
      for (const name of install[1]!.trim().split(' ')) {
        const { stdout } = await run('dpkg-query', ['-W', `-f=\${Status}`, name]);
        expect(stdout, `${name}, which the recipe installs`).toBe('install ok installed');
      }
    } else if (line.startsWith('npm run ')) {
      await run('sh', ['-c', mapped], { cwd: project });
    } else if (/^echo '[^']+' \| sudo tee (-a )?\S+$|^sudo rm \S+$/.test(line)) {
      await run('sh', ['-c', mapped.replace('sudo ', '')]);
    } else if (
      host &&
      /^sudo (nginx -t|caddy validate) .*&& sudo systemctl reload \w+$/.test(line)
    ) {
      server = await host.testAndReload(mapped);
    } else {
      throw new Error(
        `test/mirror-recipe.test.ts does not know how to run "${line}" of docs/mirror.md`,
      );
    }
  }
  return server;
}

describe.runIf(serverAvailable(NGINX, 'nginx') || serverAvailable(CADDY, 'caddy'))(
  'the Debian recipe of docs/mirror.md',
  () => {
    beforeAll(async () => {
      await follow(part('1. Build and precompress'));
    }, 300_000);

    const dist = () => path.join(root, 'srv', 'dist');

    /** What every mirror set up by the recipe must answer. */
    async function checkServes(server: MirrorServer) {
      const home = await send(server.url, '/', { headers: { 'accept-encoding': 'br' } });
      expect(home.status).toBe(200);
      expect(home.headers['content-encoding']).toBe('br');
      expect(
        brotliDecompressSync(home.body).equals(await readFile(path.join(dist(), 'index.html'))),
      ).toBe(true);
      const docs = await send(server.url, '/docs/');
      expect(docs.status).toBe(200);
      expect(docs.body.toString()).toContain('<h1 id="documentation">Documentation</h1>');
      const css = await send(server.url, assetPath('site.css'));
      expect(css.status).toBe(200);
      expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const api = await send(server.url, '/api/v1');
      expect(api.status).toBe(200);
      expect(api.headers['content-type']).toBe('application/json; charset=utf-8');
    }

    it("writes no configuration after npm run's banner: > FILE through npm run stops and names --out, npm run -s > FILE gives the file --out gives", async () => {
      const generate = `npm run mirror -- nginx --root ${dist()} --listen 127.0.0.1:8080`;
      const out = path.join(root, 'out.conf');
      await run('sh', ['-c', `${generate} --out ${out}`], { cwd: project });
      // npm takes its log level from the environment too: a suite started with npm test -s must not silence this npm.
      const { npm_config_loglevel: _, ...env } = process.env;
      const redirected = path.join(root, 'redirected.conf');
      await expect(
        run('sh', ['-c', `${generate} > ${redirected}`], { cwd: project, env }),
      ).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(
          'npm run printed its banner ("> detour-content-api@1.0.0 mirror") into the file or pipe standard output goes to, so the nginx configuration written there would not be usable. Give --out FILE instead',
        ),
      });
      expect(await readFile(redirected, 'utf8')).toMatch(
        /^\n> detour-content-api@1\.0\.0 mirror\n> tsx cli\/mirror\.ts [^\n]+\n\n$/,
      );
      // A pipe gets the banner too (| sudo tee FILE): the shell reports the pipe's last command, the command's own status is 1.
      const piped = await run(
        'bash',
        ['-o', 'pipefail', '-c', `${generate} | cat > ${redirected}; echo "status $?"`],
        {
          cwd: project,
          env,
        },
      );
      expect(piped.stdout).toBe('status 1\n');
      expect(piped.stderr).toContain('Give --out FILE instead');
      const silent = path.join(root, 'silent.conf');
      await run('sh', ['-c', `${generate.replace('npm run ', 'npm run -s ')} > ${silent}`], {
        cwd: project,
        env,
      });
      expect(await readFile(silent, 'utf8')).toBe(await readFile(out, 'utf8'));
    }, 60_000);

    it.runIf(existsSync(NGINX))(
      "sets up nginx on Debian's own nginx.conf: the generated file included in http {}, the brotli module loaded by its package",
      async () => {
        const etc = path.join(root, 'etc', 'nginx');
        const logs = path.join(root, 'nginx-log');
        await mkdir(logs, { recursive: true });
        for (const entry of ['mime.types', 'conf.d', 'modules-enabled', 'sites-enabled'])
          await cp(path.join('/etc/nginx', entry), path.join(etc, entry), {
            recursive: true,
            dereference: true,
          });
        const port = await freePort();
        // Debian's welcome site takes port 80 as the default server: on the test's port, so a recipe that left it would serve it.
        const welcome = path.join(etc, 'sites-enabled', 'default');
        await writeFile(
          welcome,
          (await readFile(welcome, 'utf8'))
            .replace(/^\s*listen \[::\]:80 .*$/m, '')
            .replace(/listen 80 /, `listen 127.0.0.1:${port} `),
        );
        const debian = await readFile('/etc/nginx/nginx.conf', 'utf8');
        await writeFile(
          path.join(etc, 'nginx.conf'),
          debian
            .replaceAll('/etc/nginx', etc)
            .replaceAll('/run/nginx.pid', path.join(root, 'nginx.pid'))
            .replaceAll('/var/log/nginx', logs),
        );
        // What a user's nginx needs besides root: folders of its own for request bodies and proxies.
        await writeFile(
          path.join(etc, 'conf.d', '00-unprivileged.conf'),
          ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
            .map((name) => `${name}_temp_path ${path.join(root, `nginx-${name}`)};\n`)
            .join(''),
        );
        await symlink('/usr/lib/nginx/modules', path.join(root, 'modules'));
        const errorLog = path.join(logs, 'error.log');
        const args = ['-p', `${root}/`, '-c', path.join(etc, 'nginx.conf'), '-e', errorLog];
        const server = await follow(part('2a. nginx'), {
          port,
          async testAndReload(line) {
            expect(line).toMatch(/^sudo nginx -t && /);
            const tested = await run(NGINX, ['-t', ...args]);
            expect(tested.stderr).toContain('test is successful');
            return startProcess(
              NGINX,
              [...args, '-g', 'daemon off; master_process off;'],
              {},
              port,
              () => readFile(errorLog, 'utf8').catch(() => ''),
            );
          },
        });
        try {
          expect(server, 'the recipe reloads nginx').toBeDefined();
          const included = await readFile(path.join(etc, 'conf.d', 'detour-mirror.conf'), 'utf8');
          expect(included).toBe(`include ${path.join(root, 'srv', 'mirror.nginx.conf')};\n`);
          await checkServes(server!);
        } finally {
          await server?.stop();
        }
      },
      120_000,
    );

    it.runIf(existsSync(CADDY))(
      'sets up Caddy with the generated file imported by the Caddyfile',
      async () => {
        const etc = path.join(root, 'etc', 'caddy');
        await mkdir(etc, { recursive: true });
        const home = await temporaryDirectory('mirror-recipe-caddy-');
        const port = await freePort();
        // Debian's example site, on the test's port, in the Caddyfile the recipe replaces.
        await writeFile(
          path.join(etc, 'Caddyfile'),
          (await readFile('/etc/caddy/Caddyfile', 'utf8')).replace(/^:80 \{/m, `:${port} {`),
        );
        const server = await follow(part('2b. Caddy'), {
          port,
          async testAndReload(line) {
            const validate = /^sudo (caddy validate --config (\S+)) && /.exec(line);
            expect(validate, line).not.toBeNull();
            const caddyfile = validate![2]!;
            await run(CADDY, ['validate', '--config', caddyfile], {
              env: { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home },
            });
            // Started as a user: no admin endpoint, no certificates.
            return startCaddy(await readFile(caddyfile, 'utf8'), port);
          },
        });
        try {
          expect(server, 'the recipe reloads Caddy').toBeDefined();
          await checkServes(server!);
        } finally {
          await server?.stop();
        }
      },
      120_000,
    );
  },
);
