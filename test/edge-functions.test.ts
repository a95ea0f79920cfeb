import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory } from './support/temporary-directory.ts';

const run = promisify(execFile);
const project = path.resolve(import.meta.dirname, '..');
// Deno's own Linux x64 build from npm (an optional dependency); CI runs on that platform.
const deno = path.join(project, 'node_modules/@deno/linux-x64-glibc/deno');
const available = existsSync(deno);
if (!available && process.env.CI) throw new Error(`${deno} is missing: npm ci installs it on Linux x64`);
if (!available) console.warn('Skipping the Deno check of the edge functions: no Deno build for this platform in node_modules');

/**
 * The edge functions run on Deno at Netlify. Here they run under Deno too, with a
 * stand-in for Netlify's Context (ip, next), to prove the shared modules need no Node API.
 */
describe.runIf(available)('edge functions under Deno', () => {
  it('gates /api/v1 reads and rewrites Markdown requests', async () => {
    const dir = await temporaryDirectory('deno-');
    const script = path.join(dir, 'check.ts');
    await writeFile(
      script,
      `import gate from ${JSON.stringify(path.join(project, 'edge-functions/read-gate.ts'))};
import twin from ${JSON.stringify(path.join(project, 'edge-functions/markdown-twin.ts'))};
const next = () => Promise.resolve(new Response('{}', { headers: { 'Content-Type': 'application/json' } }));
const context = (ip: string) => ({ ip, next }) as never;
const statuses: number[] = [];
let last: Response | undefined;
for (let i = 0; i < 601; i++) {
  last = await gate(new Request('https://site.example/api/v1/threats'), context('192.0.2.1'));
  statuses.push(last.status);
}
const other = await gate(new Request('https://site.example/api/v1'), context('192.0.2.2'));
const md = await twin(new Request('https://site.example/threats/', { headers: { Accept: 'text/markdown' } }), context('192.0.2.3'));
const html = await twin(new Request('https://site.example/threats/', { headers: { Accept: 'text/html' } }), context('192.0.2.3'));
console.log(JSON.stringify({
  ok: statuses.filter((s) => s === 200).length,
  refused: statuses.filter((s) => s === 429).length,
  retryAfter: last!.headers.get('retry-after'),
  policy: last!.headers.get('ratelimit-policy'),
  code: (await last!.json()).code,
  other: other.status,
  rewrite: md instanceof URL ? md.pathname : null,
  html: html instanceof Response ? html.status : null,
}));
`,
    );
    const { stdout } = await run(deno, ['run', '--no-config', '--quiet', '--allow-read', script], { cwd: dir, env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' } });
    expect(JSON.parse(stdout)).toEqual({
      ok: 600,
      refused: 1,
      retryAfter: expect.stringMatching(/^\d+$/),
      policy: '600;w=60',
      code: 'rate_limited',
      other: 200,
      rewrite: '/threats/index.html.md',
      html: 200,
    });
  });
});
