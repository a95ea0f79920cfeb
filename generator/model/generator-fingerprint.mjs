// A hash of the generator's sources, the shared definitions and the lockfile: what the
// bundle of `npm run build` is made from (run-bundled.mjs) and what every cached result
// depends on (build-cache.ts). Plain JavaScript, as run-bundled.mjs must start without a
// loader.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** @type {Map<string, string>} Made once per project folder. */
const made = new Map();

/** @param {string} project the project's root folder */
export function generatorFingerprint(project) {
  let fingerprint = made.get(project);
  if (fingerprint) return fingerprint;
  const sources = ['generator', 'core']
    .flatMap((dir) =>
      readdirSync(path.join(project, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name)),
    )
    .concat(path.join(project, 'package-lock.json'))
    .sort();
  const hash = createHash('sha256');
  for (const file of sources)
    hash.update(path.relative(project, file)).update('\0').update(readFileSync(file)).update('\0');
  made.set(project, (fingerprint = hash.digest('hex')));
  return fingerprint;
}
