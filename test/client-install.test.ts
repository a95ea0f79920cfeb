import { execFile } from 'node:child_process';
import { lstat, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { temporaryDirectory } from './support/temporary-directory.ts';

const run = promisify(execFile);
const checkout = path.resolve(import.meta.dirname, '..');

/**
 * The npm of a project of its own: none of the settings an npm running this suite passes down
 * (npm_*), and the registry asked only for what npm's cache lacks.
 */
function npmEnvironment(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')),
  );
  return {
    ...env,
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
}

it("installs the client in a project outside the checkout with its README's commands, and calls it", async () => {
  const readme = await readFile(path.join(checkout, 'client/README.md'), 'utf8');
  const install = /## Install\n[^`]*```sh\n([^`]*)```/.exec(readme)?.[1];
  expect(install, 'client/README.md: an sh block under "## Install"').toBeDefined();
  const commands = install!.replaceAll('/path/to/checkout', checkout);
  expect(commands).not.toBe(install);
  const projectReadme = await readFile(path.join(checkout, 'README.md'), 'utf8');
  for (const command of install!.trim().split('\n')) {
    expect(projectReadme, 'README.md gives the same commands').toContain(
      `\`${command.replace(/\s+#.*$/, '')}\``,
    );
  }

  const project = await temporaryDirectory('client-install-');
  const env = npmEnvironment();
  await run('npm', ['init', '-y'], { cwd: project, env });
  await run('sh', ['-ec', commands], { cwd: project, env });

  // A copy, not a link to the checkout: it must not borrow the checkout's node_modules.
  const installed = path.join(project, 'node_modules/@detour/content-client');
  expect((await lstat(installed)).isSymbolicLink()).toBe(false);
  const record = { slug: 'x', title: 'X', data: { howItWorks: 'How.' } };
  await writeFile(
    path.join(project, 'call.mjs'),
    `import { createContentClient } from '@detour/content-client';
const record = ${JSON.stringify(record)};
const api = createContentClient({
  baseUrl: 'https://detour.example',
  fetch: async (request) => {
    console.log(request.url);
    return Response.json(record);
  },
});
console.log(JSON.stringify(await api.get('threats', 'x')));
`,
  );
  const { stdout } = await run(process.execPath, ['call.mjs'], { cwd: project, env });
  expect(stdout).toBe(`https://detour.example/api/v1/threats/x\n${JSON.stringify(record)}\n`);
});
