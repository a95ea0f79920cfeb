/** Ctrl+C or a service manager's SIGTERM: stop serving cleanly, then exit 0. */
export function stopOnSignals(stop: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stop().then(() => process.exit(0));
    });
  }
}
