/**
 * What the processes a test file started (servers, CLIs) printed, kept in memory. A failed test
 * shows the part printed while it ran (test/support/print-process-output-on-failure.ts, a vitest
 * setup file); a test that passes shows none of it.
 */
interface Watched {
  name: string;
  output(): string;
}

const watched: Watched[] = [];

/** Keeps a process's output for failure reports; `output` gives all it printed so far. */
export function watchProcessOutput(name: string, output: () => string): void {
  watched.push({ name, output });
}

/** Where each watched process's output stands now. */
export function markProcessOutput(): Map<Watched, number> {
  return new Map(watched.map((child) => [child, child.output().length]));
}

/** What the watched processes printed after `mark`, one section per process; '' when nothing. */
export function processOutputSince(mark: Map<Watched, number>): string {
  return watched
    .map((child) => ({ child, text: child.output().slice(mark.get(child) ?? 0) }))
    .filter(({ text }) => text.trim() !== '')
    .map(({ child, text }) => `${child.name} printed while this test ran:\n${text}`)
    .join('\n');
}
