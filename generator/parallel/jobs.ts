/**
 * The kinds of work the generator hands to worker threads. Each runs in the one worker
 * entry (worker.ts), which loads only the module of its kind.
 */
export type JobKind = 'analyze' | 'render-page' | 'search-index' | 'fill-links';

/** A thread's answer to one message, or why it has none. */
export type JobReply = { id: number; answer: unknown } | { id: number; error: unknown };
