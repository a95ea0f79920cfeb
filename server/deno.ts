import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Netlify's edge tooling runs edge functions on a Deno found on PATH, and only in the
 * range it supports (2.2.4 to 2.4.x for the emulator; 2.9 fails there). The project pins
 * Deno's own Linux x64 build from npm (@deno/linux-x64-glibc, an optional dependency).
 */
export const DENO_DIR = path.resolve(
  import.meta.dirname,
  '..',
  'node_modules',
  '@deno',
  'linux-x64-glibc',
);
export const DENO_BINARY = path.join(DENO_DIR, 'deno');

export const denoAvailable = (): boolean => existsSync(DENO_BINARY);

/** The environment with the pinned Deno first on PATH (unchanged where npm installed no build for this platform). */
export function withDenoOnPath(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!denoAvailable()) return env;
  return { ...env, PATH: [DENO_DIR, env.PATH].filter(Boolean).join(path.delimiter) };
}
