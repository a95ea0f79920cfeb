/**
 * Runs rebuilds one at a time. Two builds at once would race to swap dist/ and could
 * leave the older content served last; so changes that arrive during a build wait, merged,
 * and start exactly one more build when it ends, however many arrive.
 */
export interface RebuildQueue {
  /**
   * Asks for a build that includes these changes (paths, for the log line), started no
   * sooner than `afterMs` from now: time for the server to answer, before a build takes
   * its turns, the requests that files just written ahead bring (open pages reloading).
   */
  add(changes: readonly string[], options?: { afterMs?: number }): void;
  /** Resolves once no build is running or waiting. */
  idle(): Promise<void>;
  /** Takes no more changes and drops waiting ones; resolves when the running build is over, so dist/ is never left half swapped. */
  close(): Promise<void>;
}

/** `rebuild` is expected to report its own failures; one that throws anyway is logged and the queue goes on. */
export function createRebuildQueue(rebuild: (changes: string[]) => Promise<void>): RebuildQueue {
  let running: Promise<void> | undefined;
  let waiting: Set<string> | undefined;
  /** When the next build may start (performance.now()). */
  let notBefore = 0;
  let closed = false;
  let stopPause: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stopPause = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  // Synchronous up to its first build when that need not wait, so the changes added with it alone make that build.
  const drain = async () => {
    for (;;) {
      const early = notBefore - performance.now();
      if (early > 0 && !closed) {
        await pause(early);
        continue;
      }
      if (closed || !waiting) break;
      const batch = [...waiting];
      waiting = undefined;
      try {
        await rebuild(batch);
      } catch (error) {
        console.error('A rebuild failed unexpectedly; the next change rebuilds again:', error);
      }
    }
    running = undefined;
  };

  return {
    add(changes, { afterMs = 0 } = {}) {
      if (closed) return;
      waiting ??= new Set();
      for (const change of changes) waiting.add(change);
      notBefore = Math.max(notBefore, performance.now() + afterMs);
      running ??= drain();
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      waiting = undefined;
      stopPause?.();
      await running;
    },
  };
}
