import { linkSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { onThread } from '../parallel/thread-pool.ts';

interface FillLinksJob {
  /** The folder to fill: the next links folder, aside. */
  root: string;
  /** The folder whose files are linked: dist/, just taken back from the last links folder. */
  from: string;
  /** Folders to make under `root`, as `/`-separated names. */
  folders: string[];
  /** Files of `from` to link under `root`, as `/`-separated names. */
  files: string[];
}

/**
 * Fills the next links folder on a thread of its own: its folders, then a link to each
 * file dist/ holds. Tens of thousands of each (the tree of a dist/ of one folder a record)
 * hold a thread for a while, which the build's own thread spends on the content meanwhile;
 * the files the build then writes or deletes are linked again or unlinked by it
 * (dist-links.ts). True when every file was linked or was gone by then.
 */
export const fillLinksOffThread = (job: FillLinksJob): Promise<boolean> =>
  onThread<FillLinksJob, boolean>('fill-links', job);

/** The links made, as a worker thread makes them (parallel/worker.ts). */
export function fillLinksJob({ root, from, folders, files }: FillLinksJob): boolean {
  for (const folder of folders) {
    try {
      mkdirSync(path.join(root, folder), { recursive: true });
    } catch {
      // A file in the way, or no room: the link that needs this folder fails below.
    }
  }
  for (const file of files) {
    try {
      linkSync(path.join(from, file), path.join(root, file));
    } catch (error) {
      // Deleted by the build meanwhile: it unlinks it anyway. Any other failure means doing without links.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return false;
    }
  }
  return true;
}
