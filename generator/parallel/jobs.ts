/**
 * The kinds of work the generator hands to worker threads. Each runs in the one worker
 * entry (worker.ts), which loads only the module of its kind.
 */
export type JobKind = 'analyze' | 'render-page' | 'search-index' | 'fill-links';

/**
 * A kind's young generation in MB, where V8's default would hold far more than its threads
 * need: the links filler makes a path or two for each of tens of thousands of files, all
 * garbage at once, while a deploy's build peaks beside it. With V8's default, that thread
 * took a deploy's peak at 50,000 records to the edge of the memory budget
 * (docs/benchmarks.md).
 */
export const YOUNG_GENERATION_MB: Partial<Record<JobKind, number>> = { 'fill-links': 4 };

/** A thread's answer to one message, or why it has none. */
export type JobReply = { id: number; answer: unknown } | { id: number; error: unknown };
