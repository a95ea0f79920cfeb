/** A hash of the generator's sources, the shared definitions and the lockfile (generator-fingerprint.mjs). */
export function generatorFingerprint(project: string): string;
