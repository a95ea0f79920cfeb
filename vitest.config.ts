import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Every test file removes the temporary folders it made (test/support/temporary-directory.ts).
    setupFiles: ['test/support/remove-temporary-directories.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
