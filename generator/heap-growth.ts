import { setFlagsFromString } from 'node:v8';

/**
 * Runs `work` (a build's render and write) with the heap let grow by half at most between
 * full collections. Writing keeps the corpus in memory (500 MB at 50,000 records) while it
 * makes gigabytes of text that live for a moment, and by default V8 lets the heap grow to
 * several times what survived its last full collection, most of all on a main thread that
 * mostly waits for workers: 50,000 records peaked at 2.1 GiB, 1.2 GiB with this limit. The
 * analysis before it is left at V8's default: there the limit cost 20 s at 50,000 records
 * and saved nothing. The flag is the process's (its threads' too) and V8 reads it each time
 * it sets the next limit, so it is set for the work and put back after.
 */
export async function withLimitedHeapGrowth<T>(work: () => Promise<T>): Promise<T> {
  setFlagsFromString('--heap-growing-percent=50');
  try {
    return await work();
  } finally {
    setFlagsFromString('--heap-growing-percent=0');
  }
}
