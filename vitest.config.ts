import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The test files that take seconds each, by what makes them slow. `npm run test:quick` runs every
 * other file, so a new test file is quick until it is added here; `npm test` runs them all.
 */
const slowTests = {
  startsChromium: [
    'test/browser.test.ts',
    'test/client-browser.test.ts',
    'test/dev-server.test.ts',
    'test/forms-browser.test.ts',
    'test/record-page-browser.test.ts',
    'test/search-browser.test.ts',
    'test/site-pages.browser.test.ts',
  ],
  runsNetlifyToolsOrDeno: [
    'test/client-sync.test.ts',
    'test/e2e-netlify.test.ts',
    'test/edge-functions.test.ts',
    'test/netlify-bundle.test.ts',
    'test/netlify-functions.test.ts',
  ],
  startsNginxCaddyOrPrism: [
    'test/e2e-prism.test.ts',
    'test/mirror.test.ts',
    'test/mirror-plan.test.ts',
    'test/mirror-recipe.test.ts',
  ],
  startsProjectProcesses: [
    'test/build-cache.test.ts',
    'test/cli.test.ts',
    'test/compression.test.ts',
    'test/connections.test.ts',
    'test/crash-restart.test.ts',
    'test/e2e-local.test.ts',
    'test/local-address.test.ts',
    'test/org-api.test.ts',
    'test/oversized-bodies.test.ts',
    'test/rebuild-while-serving.test.ts',
    'test/server-process.test.ts',
    'test/static-server.test.ts',
    'test/submissions.test.ts',
  ],
  buildsHundredsOfRecordsPerCollection: ['test/collection-pages.test.ts', 'test/read-api.test.ts'],
  sendsThousandsOfGeneratedRequests: ['test/fuzz-endpoints.test.ts'],
  installsWithNpm: ['test/client-install.test.ts'],
};
const slow = Object.values(slowTests).flat();
for (const file of slow) {
  if (!existsSync(file))
    throw new Error(`vitest.config.ts lists ${file} as slow, but it does not exist: fix the list`);
}

export default defineConfig({
  test: {
    setupFiles: [
      // Every test file removes the temporary folders it made (test/support/temporary-directory.ts).
      'test/support/remove-temporary-directories.ts',
      // A failed test shows what the servers it talked to printed meanwhile (test/support/process-output.ts).
      'test/support/print-process-output-on-failure.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What the code under test logs (request logs, build summaries) is shown only for a test that failed.
    silent: 'passed-only',
    projects: [
      { extends: true, test: { name: 'quick', include: ['test/**/*.test.ts'], exclude: slow } },
      { extends: true, test: { name: 'slow', include: slow } },
    ],
  },
});
