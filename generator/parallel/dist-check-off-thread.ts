import type { CheckList, DistCheck } from '../dist-check.ts';
import { oneShotWorker } from './one-shot-worker.ts';

/**
 * Checks dist/ on a thread of its own: at 10,000 records, 40,000 stats take a few hundred
 * milliseconds, which then overlap the reading and rendering of the content instead of
 * adding to the write. The list's numbers are moved to that thread, not copied.
 */
export const distCheckOffThread = (root: string, list: CheckList): Promise<DistCheck> =>
  oneShotWorker(new URL('./dist-check-worker.mjs', import.meta.url), { root, list }, [
    list.numbers.buffer,
  ]);
