import { setTimeout as sleep } from 'node:timers/promises';
import { beforeEach } from 'vitest';
import { markProcessOutput, processOutputSince } from './process-output.ts';

// vitest prints a test's console output only when the test fails (silent: 'passed-only').
beforeEach(({ onTestFailed }) => {
  const mark = markProcessOutput();
  onTestFailed(async () => {
    // A line a server logged as it answered may still be in the pipe when the assertion fails.
    await sleep(200);
    const printed = processOutputSince(mark);
    if (printed) console.error(printed);
  });
});
