import path from 'node:path';
import { generatorFingerprint as fingerprintOf } from './generator-fingerprint.mjs';

/**
 * The project's folder, where the generator finds its assets and its own sources (for its
 * fingerprint). `npm run build` runs the generator from a bundle under
 * node_modules/.cache/, which names the project in GENERATOR_PROJECT_DIR.
 */
export const PROJECT_DIR =
  process.env.GENERATOR_PROJECT_DIR ?? path.resolve(import.meta.dirname, '..', '..');

/** This generator's fingerprint (generator-fingerprint.mjs): what every output and cached result also depends on. */
export const generatorFingerprint = (): string => fingerprintOf(PROJECT_DIR);
