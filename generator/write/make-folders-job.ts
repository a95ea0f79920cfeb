import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { onThread } from '../parallel/thread-pool.ts';

interface MakeFoldersJob {
  root: string;
  /** Folders to make under `root`, as `/`-separated names. */
  folders: string[];
}

/**
 * Makes folders on a thread of its own: tens of thousands of them (the tree of a dist/ of
 * one folder a record) hold a thread for a while, which the build's own thread spends on
 * the content meanwhile.
 */
export const makeFoldersOffThread = (root: string, folders: string[]): Promise<number> =>
  onThread<MakeFoldersJob, number>('make-folders', { root, folders });

/** The folders made, as a worker thread makes them (parallel/worker.ts); one it cannot make is left for whoever needs it. */
export function makeFoldersJob({ root, folders }: MakeFoldersJob): number {
  let made = 0;
  for (const folder of folders) {
    try {
      mkdirSync(path.join(root, folder), { recursive: true });
      made++;
    } catch {
      // A file in the way, or no room: the link that needs this folder makes it, or fails, itself.
    }
  }
  return made;
}
