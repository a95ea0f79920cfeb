import { setFlagsFromString } from 'node:v8';

/**
 * Lets V8's heap grow by half at most between full collections, until the returned
 * function puts V8's default back. For a build that renders thousands of pages on worker
 * threads (render-ahead.ts): the main thread then keeps the corpus in memory (500 MB at
 * 50,000 records) while it receives gigabytes of text that live for a moment, and by
 * default V8 lets a heap that mostly waits grow to several times what survived its last
 * collection: 50,000 records peaked at 2.1 GiB, 1.1 GiB with this limit. Elsewhere the
 * default is kept: during the analysis the limit cost 20 s at 50,000 records and saved
 * nothing, and a small build pays for the extra collections without needing the memory.
 * The flag is the process's (its threads' too); V8 reads it each time it sets the next limit.
 */
export function limitHeapGrowth(): () => void {
  setFlagsFromString('--heap-growing-percent=50');
  return () => setFlagsFromString('--heap-growing-percent=0');
}
