import { setFlagsFromString } from 'node:v8';

/**
 * Builds of fewer content files than this keep V8's default heap growth: their heaps stay
 * well within the memory budget, and a limit would cost every thread extra collections.
 */
const LIMIT_HEAP_FROM_FILES = 15_000;

/**
 * Set once, as a build starts: for a build of `files` content files or more, V8's heap
 * may grow by a fifth at most between full collections (by default it grows to several
 * times what survived the last one). While pages are rendered and the content analyzed on
 * worker threads, the main thread receives their texts, which live for a moment, while it
 * keeps the corpus: with the default growth it holds far more than it uses, and the
 * largest builds would go over their memory budget (docs/benchmarks.md). The flag is the
 * process's, read by V8 at each full collection, so it is set before the build allocates
 * much and never changed while it runs.
 */
export function limitHeapGrowth(files: number): void {
  if (files >= LIMIT_HEAP_FROM_FILES) setFlagsFromString('--heap-growing-percent=20');
}
