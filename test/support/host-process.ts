import { execFile, spawn, type ChildProcess } from 'node:child_process';

import path from 'node:path';
import { promisify } from 'node:util';
import { build } from '../../generator/build.ts';
import { watchProcessOutput } from './process-output.ts';
import { writeSyntheticCorpus } from './synthetic-corpus.ts';
import { temporaryDirectory } from './temporary-directory.ts';

const run = promisify(execFile);
const project = path.resolve(import.meta.dirname, '../..');
const tsx = ['--import', 'tsx'];

/** A way to serve the project, started as a user starts it: the npm script's entry point with its environment variables. */
export type HostScript = 'server/start.ts' | 'server/start-netlify.ts' | 'server/dev.ts';

export interface HostProcess {
  url: string;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Runs a CLI of the project (cli/<name>.ts) with the host's environment. */
  cli(name: string, args: string[]): Promise<string>;
  stop(): Promise<void>;
  /** Kills the process with a signal it cannot handle (SIGKILL: a crash, a power cut) and waits for it to be gone. */
  kill(): Promise<void>;
  pid: number;
}

export interface ServedSite {
  contentDir: string;
  distDir: string;
  dataDir: string;
}

/**
 * A synthetic content folder built into a fresh dist/ at its configured address, with an empty
 * data folder: what a host test serves. A host started on it builds it again for the address
 * it listens at, unless the test gives SITE_BASE_URL.
 */
export async function prepareSite(perCollection: number): Promise<ServedSite> {
  const root = await temporaryDirectory('host-');
  const site = {
    contentDir: path.join(root, 'content'),
    distDir: path.join(root, 'dist'),
    dataDir: path.join(root, 'data'),
  };
  await writeSyntheticCorpus(site.contentDir, perCollection);
  await build({ contentDir: site.contentDir, outDir: site.distDir });
  return site;
}

/**
 * Starts `script` over `site` on 127.0.0.1 and a free port, with no SITE_BASE_URL unless `env`
 * gives one (the shell's is not passed on); a variable `env` sets to undefined is left unset.
 * `startSeconds` bounds the start, the build of the site for its address included.
 */
export async function startHost(
  script: HostScript,
  site: ServedSite,
  env: Record<string, string | undefined> = {},
  { startSeconds = 90 }: { startSeconds?: number } = {},
): Promise<HostProcess> {
  const environment = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    CONTENT_DIR: site.contentDir,
    DIST_DIR: site.distDir,
    DATA_DIR: site.dataDir,
    SITE_BASE_URL: undefined,
    ...env,
  };
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...tsx, path.join(project, script)], {
    cwd: project,
    env: environment,
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  watchProcessOutput(`${script} (pid ${child.pid})`, () => output);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    // A server that did not start in time is stopped, so that it writes nothing more into
    // folders its caller goes on to remove.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within ${startSeconds} s:\n${output}`));
    }, startSeconds * 1000);
    const check = () => {
      const match = /Serving .* at (http:\/\/\S+?)\/? \(/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    cli: async (name, args) =>
      (
        await run(process.execPath, [...tsx, path.join(project, 'cli', `${name}.ts`), ...args], {
          cwd: project,
          env: environment,
        })
      ).stdout,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    pid: child.pid!,
  };
}
