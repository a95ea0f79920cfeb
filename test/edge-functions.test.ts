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
if (!available && process.env.CI)
  throw new Error(`${deno} is missing: npm ci installs it on Linux x64`);
if (!available)
  console.warn(
    'Skipping the Deno check of the edge functions: no Deno build for this platform in node_modules',
  );

/**
 * The edge functions run on Deno at Netlify. Here they run under Deno too, with a
 * stand-in for Netlify's Context (ip, next), to prove the shared modules need no Node API.
 */
describe.runIf(available)('edge functions under Deno', () => {
  it('refuses non-canonical paths first, gates /api/v1 reads and rewrites Markdown requests, with URLs from the configured address', async () => {
    const dir = await temporaryDirectory('deno-');
    const script = path.join(dir, 'check.ts');
    await writeFile(
      script,
      `// Netlify's global, as its runtime gives it to edge functions: the site's variables.
(globalThis as { Netlify?: unknown }).Netlify = { env: { get: (name: string) => Deno.env.get(name) } };
const { default: gate } = await import(${JSON.stringify(path.join(project, 'edge-functions/read-gate.ts'))});
const { default: twin } = await import(${JSON.stringify(path.join(project, 'edge-functions/markdown-twin.ts'))});
const { default: canonical } = await import(${JSON.stringify(path.join(project, 'edge-functions/canonical-path.ts'))});
const next = (request?: Request) =>
  Promise.resolve(
    request && new URL(request.url).pathname === '/404.html'
      ? new Response('<p>the 404 page</p>', { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
      : new Response('{}', { headers: { 'Content-Type': 'application/json' } }),
  );
const context = (ip: string) => ({ ip, next, requestId: 'edge-request-1' }) as never;
const statuses: number[] = [];
let last: Response | undefined;
for (let i = 0; i < 601; i++) {
  last = await gate(new Request('https://site.example/api/v1/threats'), context('192.0.2.1'));
  statuses.push(last.status);
}
const other = await gate(new Request('https://site.example/api/v1'), context('192.0.2.2'));
const md = await twin(new Request('https://site.example/threats/', { headers: { Accept: 'text/markdown' } }), context('192.0.2.3'));
const html = await twin(new Request('https://site.example/threats/', { headers: { Accept: 'text/html' } }), context('192.0.2.3'));
const refusedApi = await canonical(new Request('https://evil.example/API/V1/threats'), context('192.0.2.4'));
const refusedPage = await canonical(new Request('https://site.example//_data/service.json'), context('192.0.2.4'));
const passed = await canonical(new Request('https://site.example/threats/'), context('192.0.2.4'));
console.log(JSON.stringify({
  ok: statuses.filter((s) => s === 200).length,
  refused: statuses.filter((s) => s === 429).length,
  retryAfter: last!.headers.get('retry-after'),
  exposed: last!.headers.get('access-control-expose-headers'),
  requestId: last!.headers.get('x-request-id'),
  cacheControl: last!.headers.get('cache-control'),
  policy: last!.headers.get('ratelimit-policy'),
  code: (await last!.json()).code,
  other: other.status,
  rewrite: md instanceof URL ? md.pathname : null,
  html: html instanceof Response ? html.status : null,
  refusedApi: [refusedApi.status, (await refusedApi.json()).code, refusedApi.headers.get('x-request-id')],
  refusedApiDocs: (await canonical(new Request('https://evil.example/API/V1'), context('192.0.2.4')).then((r: Response) => r.json())).docs,
  refusedPage: [refusedPage.status, await refusedPage.text(), refusedPage.headers.get('cache-control')],
  passed: passed ?? null,
}));
`,
    );
    const { stdout } = await run(
      deno,
      ['run', '--no-config', '--quiet', '--allow-read', '--allow-env', script],
      {
        cwd: dir,
        env: {
          ...process.env,
          DENO_NO_UPDATE_CHECK: '1',
          NO_COLOR: '1',
          SITE_BASE_URL: 'https://configured.example',
        },
      },
    );
    expect(JSON.parse(stdout)).toEqual({
      ok: 600,
      refused: 1,
      retryAfter: expect.stringMatching(/^\d+$/),
      exposed:
        'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After, X-Request-Id',
      requestId: 'edge-request-1',
      cacheControl: 'no-store',
      policy: '600;w=60',
      code: 'rate_limited',
      other: 200,
      rewrite: '/threats/index.html.md',
      html: 200,
      refusedApi: [404, 'not_found', 'edge-request-1'],
      refusedApiDocs: 'https://configured.example/api/v1/openapi.json',
      refusedPage: [404, '<p>the 404 page</p>', 'no-store'],
      passed: null,
    });
  });
});
