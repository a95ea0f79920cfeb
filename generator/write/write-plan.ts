import { type FileContent, isLazy, type LazyOutput, type Output } from '../model/outputs.ts';
import type { Progress } from '../progress/progress.ts';

/** What a write did. */
export interface WriteSummary {
  written: number;
  deleted: number;
  /** Files dist/ holds after the write. */
  files: number;
  /** Size of dist/ after the write. */
  bytes: number;
  /** The files written and deleted, as paths in dist/ (an in-place write only: a swapped write replaces everything). */
  changed?: string[];
}

export interface WriteOptions {
  progress?: Progress;
  /** Threads that render pages; default every core. */
  threads?: number;
  /** Outputs with a thread of their own started before the write (headStart), by file: their texts are taken, not started again. */
  headStarts?: ReadonlyMap<string, Promise<FileContent>>;
}

/** A file of parts, as emit/ composes it (llms-full.txt). */
export type OfParts = LazyOutput & Required<Pick<LazyOutput, 'parts'>>;

/**
 * The order files are written in, as indexes of `entries`: first every file but two kinds;
 * then the files of parts (made of the others as written); last the outputs with a thread
 * of their own (render-off-thread.ts says when each starts). By then every other output, and so
 * the corpus its render holds, has been let go.
 */
export function writeOrder(
  entries: readonly [string, Output][],
): [first: number[], ownThread: number[], ofParts: number[]] {
  const order: [number[], number[], number[]] = [[], [], []];
  for (const [index, [, output]] of entries.entries())
    order[!isLazy(output) ? 0 : output.parts ? 2 : output.renderElsewhere ? 1 : 0].push(index);
  return order;
}
