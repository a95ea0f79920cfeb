import { describe, expect, it } from 'vitest';
import { terminalProgress } from '../generator/progress/terminal-progress.ts';

const fakeStream = (isTTY: boolean) => {
  const written: string[] = [];
  return {
    stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream,
    written,
  };
};

describe('build progress', () => {
  it('shows stage and count on a terminal, on one line cleared at the end', () => {
    const { stream, written } = fakeStream(true);
    const reporter = terminalProgress(stream);
    reporter.progress('analyze', 0, 3);
    reporter.progress('analyze', 1, 3);
    reporter.progress('write', 3, 3);
    reporter.done();
    expect(written[0]).toBe('\r\x1b[2KReading and checking content: 0/3');
    // Updates come at most ten times a second, but the last count of a stage always shows.
    expect(written).toContain('\r\x1b[2KWriting dist/: 3/3');
    expect(written).not.toContain('\r\x1b[2KReading and checking content: 1/3');
    expect(written.at(-1)).toBe('\r\x1b[2K');
  });

  it('writes nothing when the output is not a terminal', () => {
    const { stream, written } = fakeStream(false);
    const reporter = terminalProgress(stream);
    reporter.progress('render', 5, 10);
    reporter.done();
    expect(written).toEqual([]);
  });
});
