import { availableParallelism } from 'node:os';
import {
  isLazy,
  type FileContent,
  type LastFile,
  type LazyOutput,
  type Output,
} from '../model/outputs.ts';
import { threadPool } from '../parallel/thread-pool.ts';
import { worthAThread } from '../parallel/worth-a-thread.ts';

/** Page renders in flight at once: enough to keep every renderer busy, few enough that the texts waiting to be written stay small. */
const POOL_WINDOW = 64;

export interface OffThreadRenders {
  /** The text of entry `index` if it is rendered elsewhere, started before now; undefined if it is for this thread to render. */
  at(index: number): Promise<FileContent> | undefined;
  /** Stops the pool of page renderers, once every page is written: outputs with a thread of their own start only after this. */
  closePool(): Promise<void>;
  /** Stops everything, once every output is written. */
  close(): Promise<void>;
}

export interface OffThreadOptions {
  /** Threads for the pool of page renderers; default every core. */
  threads?: number;
  /** Outputs with a thread of their own already started before the write (headStart), by file: their texts are taken, not started again. */
  headStarts?: ReadonlyMap<string, Promise<FileContent>>;
  /** The files dist/ holds as the last build left them, which an output can be made from (LazyOutput.renderElsewhere). */
  previous?: LastFile;
}

/**
 * Starts an output with a thread of its own before the write (the search index, emit/),
 * its text kept in `headStarts` for renderOffThread; `previous` as for LazyOutput.renderElsewhere.
 */
export function headStart(
  headStarts: Map<string, Promise<FileContent>>,
  file: string,
  output: LazyOutput,
  previous?: LastFile,
): void {
  if (!output.renderElsewhere) return;
  const text = output.renderElsewhere(previous);
  // A failure surfaces where the write awaits the text; a build that stops before its write drops it.
  text.catch(() => undefined);
  headStarts.set(file, text);
}

/**
 * Renders on other threads what can be and what `wanted` says must be written. Pages go to
 * a pool of renderers when there are enough of them to pay for starting it, a window at a
 * time before the writer reaches them, in the order it asks for them. An output with a thread of its
 * own (the search index) starts when the writer asks for it if there is a pool: writers
 * ask once the pool is closed and every other file is written (dist-state.ts,
 * swapped-write.ts), so that the index's thread never holds its memory beside the pool's,
 * nor beside the main thread's outputs and the corpus they hold. Without a pool it starts
 * at once, to overlap the whole write. One started before the write is waited for before the pool starts, for the same
 * reason. A failure surfaces where its text is awaited.
 */
export function renderOffThread(
  entries: readonly [string, Output][],
  wanted: (file: string, output: LazyOutput) => boolean,
  { threads = availableParallelism(), headStarts = new Map(), previous }: OffThreadOptions = {},
): OffThreadRenders {
  const started = new Map<number, Promise<FileContent>>();
  const pooled: number[] = [];
  const start = (index: number, text: Promise<FileContent>) => {
    text.catch(() => undefined);
    started.set(index, text);
  };
  const ownThread = new Set<number>();
  for (const [index, [file, output]] of entries.entries()) {
    if (
      !isLazy(output) ||
      !(output.renderElsewhere || output.renderInPool) ||
      !wanted(file, output)
    )
      continue;
    const begun = headStarts.get(file);
    if (begun) start(index, begun);
    else if (output.renderElsewhere) ownThread.add(index);
    else pooled.push(index);
  }
  const poolWanted = threads > 1 && worthAThread(pooled.length);
  // The head starts' threads and the page renderers never hold their memory at once.
  const pool = poolWanted
    ? Promise.all([...started.values()].map((text) => text.catch(() => undefined))).then(() =>
        threadPool('render-page', threads),
      )
    : undefined;
  const startOwnThread = (index: number) => {
    const output = entries[index]![1] as LazyOutput;
    start(index, output.renderElsewhere!(previous));
  };
  if (!pool) {
    for (const index of ownThread) startOwnThread(index);
    ownThread.clear();
  }
  let next = 0;
  return {
    at(index) {
      for (; pool && next < pooled.length && pooled[next]! < index + POOL_WINDOW; next++) {
        const output = entries[pooled[next]!]![1] as LazyOutput;
        start(
          pooled[next]!,
          pool.then((threads) => output.renderInPool!(threads)),
        );
      }
      if (ownThread.delete(index)) startOwnThread(index);
      const text = started.get(index);
      started.delete(index);
      return text;
    },
    closePool: async () => (await pool)?.close(),
    async close() {
      await (await pool)?.close();
    },
  };
}
