import path from 'node:path';
import { generatorFingerprint as fingerprintOf } from './generator-fingerprint.mjs';

/**
 * The project's folder, where the generator finds its assets and its own sources (for its
 * fingerprint). `npm run build` runs the generator from a bundle under
 * node_modules/.cache/, which names the project in GENERATOR_PROJECT_DIR.
 */
export const PROJECT_DIR =
  process.env.GENERATOR_PROJECT_DIR ?? path.resolve(import.meta.dirname, '..', '..');

/** The fingerprint the launcher handed over, read once: every output's signature asks for it, and the environment is slow to read. */
const handedOver = process.env.GENERATOR_FINGERPRINT;

/**
 * This generator's fingerprint (generator-fingerprint.mjs): what every output and cached
 * result also depends on. `npm run build`'s bundle is named by it, and the launcher hands
 * it over (GENERATOR_FINGERPRINT) rather than have the sources read and hashed again.
 */
export const generatorFingerprint = (): string => handedOver || fingerprintOf(PROJECT_DIR);
