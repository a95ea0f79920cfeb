import path from 'node:path';

/**
 * The project's folder, where the generator finds its assets and its own sources (for the
 * cache fingerprint). `npm run build` runs the generator from a bundle under
 * node_modules/.cache/, which names the project in GENERATOR_PROJECT_DIR.
 */
export const PROJECT_DIR =
  process.env.GENERATOR_PROJECT_DIR ?? path.resolve(import.meta.dirname, '..', '..');
