import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * A fresh clone must stay clean after `npm install` and print no warning the README does not
 * explain. npm install rewrites package-lock.json's root entry from package.json, and npm 11
 * warns about every install script package.json's allowScripts does not decide on.
 */
const readJson = async (name: string) =>
  JSON.parse(await readFile(path.resolve(import.meta.dirname, '..', name), 'utf8')) as unknown;

interface Manifest {
  engines?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}
interface Lock {
  packages: Record<string, Manifest & { hasInstallScript?: boolean }>;
}

it('keeps package-lock.json root engines equal to package.json engines', async () => {
  const manifest = (await readJson('package.json')) as Manifest;
  const lock = (await readJson('package-lock.json')) as Lock;
  expect(lock.packages['']?.engines).toEqual(manifest.engines);
});

it('decides on every install script of the locked packages in allowScripts', async () => {
  const manifest = (await readJson('package.json')) as Manifest;
  const lock = (await readJson('package-lock.json')) as Lock;
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([location]) => location.split('node_modules/').at(-1) ?? location);
  expect(withScripts.length).toBeGreaterThan(0);
  const undecided = [...new Set(withScripts)].filter(
    (name) => manifest.allowScripts?.[name] === undefined,
  );
  expect(undecided, 'add each to package.json allowScripts (false keeps its script off)').toEqual(
    [],
  );
});
