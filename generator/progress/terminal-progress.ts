import type { Progress } from './progress.ts';

const LABELS = {
  analyze: 'Reading and checking content',
  render: 'Rendering pages',
  write: 'Writing dist/',
} as const;

/**
 * Progress on an interactive terminal: one line, rewritten in place at most ten times a
 * second, cleared when the build ends. Elsewhere (CI logs, pipes) nothing: the build's
 * one-line summary is the whole report.
 */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): {
  progress: Progress;
  done(): void;
} {
  if (!stream.isTTY) return { progress: () => undefined, done: () => undefined };
  let last = 0;
  let shown = false;
  return {
    progress(stage, done, total) {
      const now = performance.now();
      if (now - last < 100 && done < total) return;
      last = now;
      shown = true;
      stream.write(`\r\x1b[2K${LABELS[stage]}: ${done}/${total}`);
    },
    done() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}
