/**
 * Runs rebuilds one at a time. Two builds at once would race to swap dist/ and could
 * leave the older content served last; so changes that arrive during a build wait, merged,
 * and start exactly one more build when it ends, however many arrive.
 */
export interface RebuildQueue {
  /** Asks for a build that includes these changes (paths, for the log line). */
  add(changes: readonly string[]): void;
  /** Resolves once no build is running or waiting. */
  idle(): Promise<void>;
  /** Takes no more changes and drops waiting ones; resolves when the running build is over, so dist/ is never left half swapped. */
  close(): Promise<void>;
}

/** `rebuild` is expected to report its own failures; one that throws anyway is logged and the queue goes on. */
export function createRebuildQueue(rebuild: (changes: string[]) => Promise<void>): RebuildQueue {
  let running: Promise<void> | undefined;
  let waiting: Set<string> | undefined;
  let closed = false;

  const drain = async (first: string[]) => {
    let batch: string[] | undefined = first;
    while (batch) {
      try {
        await rebuild(batch);
      } catch (error) {
        console.error('A rebuild failed unexpectedly; the next change rebuilds again:', error);
      }
      batch = waiting && !closed ? [...waiting] : undefined;
      waiting = undefined;
    }
    running = undefined;
  };

  return {
    add(changes) {
      if (closed) return;
      if (running) {
        waiting ??= new Set();
        for (const change of changes) waiting.add(change);
        return;
      }
      running = drain([...changes]);
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      waiting = undefined;
      await running;
    },
  };
}
