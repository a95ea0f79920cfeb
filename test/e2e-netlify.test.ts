import { describe } from 'vitest';
import { denoAvailable } from '../server/deno.ts';
import { contractSuite } from './support/contract-suite.ts';

/**
 * The same contract suite against `npm run start:netlify`: Netlify's own emulator
 * (@netlify/dev) running the functions, the edge functions (on the pinned Deno) and the
 * generated rules, with Netlify Blobs for every store.
 */
if (!denoAvailable() && process.env.CI)
  throw new Error('The pinned Deno is missing: npm ci installs @deno/linux-x64-glibc on Linux x64');
if (!denoAvailable())
  console.warn(
    'Skipping the Netlify emulator suite: no Deno build for this platform in node_modules',
  );

describe.runIf(denoAvailable())('npm run start:netlify (Netlify emulator)', () => {
  contractSuite('server/start-netlify.ts', { keyStore: 'netlify-dev', readCountsDown: false });
});
