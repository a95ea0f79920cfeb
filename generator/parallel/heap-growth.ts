import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Builds of fewer records than this keep V8's default growth while their threads work:
 * their heaps stay well within the 1 GiB budget without the limits, which cost them the
 * extra collections of every thread, the workers' small heaps included (the flag is the
 * process's). A clean build of 10,000 records took 11% less time without them (30.3 s
 * against 34.0 s, four interleaved pairs; 5 s less CPU), its peak 450 to 590 MB against
 * 340 to 350 MB; one of 20,000, 14 to 22% less CPU, its peak 710 to 860 MB against 480
 * MB: too near the budget once npm is counted, so the limits start below that.
 */
const LIMIT_HEAP_FROM_RECORDS = 15_000;

/**
 * For a build of `records` records (unknown: taken as large), lets V8's heap grow by
 * `percent` at most between full collections, until the returned function puts V8's
 * default back, which lets a heap grow to several times what survived
 * its last collection. Some stages of a large build need less. While pages are rendered
 * on worker threads (render-ahead.ts, a fifth), the main thread keeps the corpus while it
 * receives gigabytes of text that live for a moment. While the search index is built on a
 * thread of its own (300 MB at 50,000 records, render-ahead.ts too), the write lets its
 * outputs go as it goes, and a fifth keeps the main thread from growing into what it
 * frees. While files are analyzed on worker threads (analyze-files.ts, double), it
 * receives every body as text on its way to the cache. At 50,000 records the pool's limit
 * took the build's peak from 2.1 GiB to 1.0 GiB, the analysis's (with outputs let go once
 * written, write/) to 0.8 GiB, and the search index's a one-edit build's from 1.15
 * GiB to 0.8-0.97 GiB. A smaller build keeps the default (LIMIT_HEAP_FROM_RECORDS), and
 * the returned function does nothing: it would pay for the extra collections without
 * needing the memory.
 *
 * The flag is the process's (its threads' too), and V8 reads it when a full collection
 * sets the next limit: the limit set by the last collection before (four times the 200 MB
 * that survived the analysis, at 50,000 records) would otherwise hold until the heap
 * reached it. So one collection is made at once, through the `gc` function V8 gives a
 * context made after `--expose-gc` is set; it costs a tenth of a second at 50,000 records.
 */
export function limitHeapGrowth(records = Infinity, percent = 20): () => void {
  if (records < LIMIT_HEAP_FROM_RECORDS) return () => undefined;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
  collectGarbage();
  return () => setFlagsFromString('--heap-growing-percent=0');
}

/**
 * A full collection of this thread's heap, now: for a thread about to wait while another
 * takes memory, which would otherwise keep what it let go until it next allocates enough.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
