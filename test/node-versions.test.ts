import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * The supported Node versions are said in three places a reader or a host acts on:
 * package.json's engines (npm), .ci/run's list (what CI proves) and netlify.toml (what
 * Netlify builds and runs the functions with). They must name the same majors.
 */
const read = (name: string) => readFile(path.resolve(import.meta.dirname, '..', name), 'utf8');

it('names the same supported Node majors in engines, CI and netlify.toml', async () => {
  const engines = (JSON.parse(await read('package.json')) as { engines: { node: string } }).engines
    .node;
  const supported = [...engines.matchAll(/\^(\d+)\./g)].map((m) => Number(m[1]));
  expect(supported.length, engines).toBeGreaterThan(0);

  const ci = /^supported_majors=\(([\d ]+)\)$/m.exec(await read('.ci/run'));
  expect(ci?.[1]?.split(' ').map(Number)).toEqual(supported);

  const netlify = /^\s*NODE_VERSION = "(\d+)"$/m.exec(await read('netlify.toml'));
  expect(Number(netlify?.[1])).toBe(Math.max(...supported));
});
