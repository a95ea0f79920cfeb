import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium, which the browser tests drive through playwright-core (never a browser of playwright's own). */
const CHROMIUM = '/usr/bin/chromium';

/**
 * Whether the browser tests can run: in CI they must (.ci/run installs chromium), so its
 * absence fails there; elsewhere `what` is skipped, with a warning that says how to run it.
 */
export function chromiumAvailable(what: string): boolean {
  const available = existsSync(CHROMIUM);
  if (!available && process.env.CI)
    throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium package`);
  if (!available)
    console.warn(`Skipping ${what}: ${CHROMIUM} not found (apt-get install chromium)`);
  return available;
}

/** Chromium headless, as the tests run it in a container: no sandbox, no GPU, no network of its own. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
