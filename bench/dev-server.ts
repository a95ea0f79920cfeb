import { spawn } from 'node:child_process';
import { copyFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { median } from './measure-command.ts';
import { editOneRecord } from './repeat-corpus.ts';

/**
 * Edit-to-served latency of `npm run dev`: from the moment a content file is written to
 * the moment the server answers with the change (an edited record's new summary, a
 * deleted record's 404, a new record's 200), polling its API every 10 ms.
 */
const PROJECT = path.resolve(import.meta.dirname, '..');

async function until(check: () => Promise<boolean>, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs)
      throw new Error('The dev server did not serve the change in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

export async function benchDevServer({
  corpus,
  distDir,
  dataDir,
  edits,
}: {
  corpus: string;
  distDir: string;
  dataDir: string;
  edits: number;
}): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT, 'server/dev.ts')], {
    cwd: PROJECT,
    env: {
      ...process.env,
      CONTENT_DIR: corpus,
      DIST_DIR: distDir,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /Serving .* at (http:\/\/\S+?)\/? \(/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) =>
        reject(new Error(`npm run dev exited with ${code}:\n${output}`)),
      );
    });
    // Each request is a new client, so the read rate limit does not count the polling.
    let client = 0;
    const get = (p: string) =>
      fetch(url + p, {
        headers: { 'X-Forwarded-For': `198.51.100.${(client = (client + 1) % 250)}` },
      });
    const threats = path.join(corpus, 'threats');
    const slug = (await readdir(threats))
      .filter((f) => f.endsWith('.md'))
      .sort()[0]!
      .slice(0, -3);
    const latencies: number[] = [];
    for (let round = 1; round <= edits; round++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await editOneRecord(corpus, 100 + round);
      latencies.push(
        await until(async () =>
          (await (await get(`/api/v1/threats/${slug}`)).text()).includes(`(edit ${100 + round})`),
        ),
      );
    }
    const victim = (await readdir(path.join(corpus, 'posts')))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .at(-1)!;
    await copyFile(path.join(corpus, 'posts', victim), path.join(corpus, 'posts', 'a-new-post.md'));
    const added = await until(async () => (await get('/api/v1/posts/a-new-post')).status === 200);
    await rm(path.join(corpus, 'posts', 'a-new-post.md'));
    const deleted = await until(async () => (await get('/api/v1/posts/a-new-post')).status === 404);
    return [
      `\`npm run dev\`, write to served (median of ${edits} edits): ${median(latencies).toFixed(0)} ms (each: ${latencies.map((l) => l.toFixed(0)).join(', ')} ms);`,
      `a new record answered 200 after ${added.toFixed(0)} ms, a deleted one 404 after ${deleted.toFixed(0)} ms.`,
    ].join(' ');
  } finally {
    child.kill('SIGTERM');
  }
}
