import type { DistCheck } from '../dist-check.ts';
import { oneShotWorker } from './one-shot-worker.ts';

/**
 * Checks dist/ against the manifest file on a thread of its own: at 10,000 records, a
 * walk of dist/ and 30,000 stats take a few hundred milliseconds, which then overlap the
 * reading and rendering of the content instead of adding to the write.
 */
export const distCheckOffThread = (root: string, manifestFile: string): Promise<DistCheck> => oneShotWorker(new URL('./dist-check-worker.mjs', import.meta.url), { root, manifestFile });
