import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Lets V8's heap grow by a fifth at most between full collections, until the returned
 * function puts V8's default back. For a build that renders thousands of pages on worker
 * threads (render-ahead.ts): the main thread then keeps the corpus in memory (350 MB at
 * 50,000 records) while it receives gigabytes of text that live for a moment, and by
 * default V8 lets a heap that mostly waits grow to several times what survived its last
 * collection. Elsewhere the default is kept: during the analysis the limit cost 20 s at
 * 50,000 records and saved nothing, and a small build pays for the extra collections
 * without needing the memory.
 *
 * The flag is the process's (its threads' too), and V8 reads it when a full collection
 * sets the next limit: the limit set by the last collection of the analysis (four times
 * the 200 MB that survived it, at 50,000 records) would otherwise hold until the heap
 * reached it. So one collection is made at once, through the `gc` function V8 gives a
 * context made after `--expose-gc` is set; it costs a tenth of a second at 50,000 records.
 */
export function limitHeapGrowth(): () => void {
  setFlagsFromString('--heap-growing-percent=20');
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return () => setFlagsFromString('--heap-growing-percent=0');
}
