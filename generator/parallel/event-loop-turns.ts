/**
 * For long synchronous work in a process that also serves requests (npm run dev): a
 * function to call often, which lets the event loop run once the work has held it for
 * `everyMs`. Each call costs a clock read; the pause, a turn of the event loop.
 */
export function eventLoopTurns(everyMs = 5): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < everyMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
