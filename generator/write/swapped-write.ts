import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  type Alongside,
  contentOf,
  isLazy,
  type LazyOutput,
  type Output,
} from '../model/outputs.ts';
import { eventLoopTurns } from '../parallel/event-loop-turns.ts';
import { NO_PROGRESS } from '../progress/progress.ts';
import { renderOffThread } from './render-off-thread.ts';
import { writeParts } from './write-parts.ts';
import { type WriteOptions, type WriteSummary, writeOrder } from './write-plan.ts';

/**
 * A clean write: the whole output next to dist/, swapped in, so readers never see a mix of
 * two builds. It takes the files: `files` is emptied, and each output let go once written,
 * with the corpus its render function holds. An output with a thread of its own started
 * before the write (`headStarts`) is done before the pool of page renderers starts; one not
 * started is made at the end, once the other outputs have been let go.
 */
export async function writeDistSwapped(
  outDir: string,
  files: Map<string, Output>,
  { progress = NO_PROGRESS, threads, headStarts }: WriteOptions = {},
): Promise<WriteSummary> {
  const target = path.resolve(outDir);
  const staging = `${target}.staging-${process.pid}`;
  const retired = `${target}.retired-${process.pid}`;
  let total = files.size;
  await rm(staging, { recursive: true, force: true });
  let bytes = 0;
  try {
    const dirs = new Set([...files.keys()].map((f) => path.dirname(path.join(staging, f))));
    for (const dir of [...dirs].sort()) mkdirSync(dir, { recursive: true });
    let done = 0;
    const entries = [...files];
    files.clear();
    const offThread = renderOffThread(entries, () => true, { threads, headStarts });
    const [first, ownThread, ofParts] = writeOrder(entries);
    // Where each part's text is, without the part's output (every twin, holding the corpus): read back from the file written.
    const places = ofParts.map(
      (index) =>
        [
          entries[index]![0],
          (entries[index]![1] as LazyOutput).parts!.map(({ key, prefix, file }) => ({
            key,
            prefix,
            file,
          })),
        ] as const,
    );
    for (const index of ofParts) delete entries[index];
    // One file after another, with synchronous calls, as the in-place write does: through promises (a file handle opened,
    // written and closed on libuv's threads) the main thread, which the page renderers wait on, spends far longer.
    const turn = eventLoopTurns();
    const naming: Alongside[] = [];
    const put = (file: string, content: string | Uint8Array) => {
      bytes += Buffer.byteLength(content);
      writeFileSync(path.join(staging, file), content);
      progress('write', ++done, total);
    };
    const write = async (index: number, text = offThread.at(index)) => {
      const pause = turn();
      if (pause) await pause;
      const [file, output] = entries[index]!;
      const content = (await text) ?? contentOf(output);
      if (isLazy(output) && output.alongside) naming.push(output.alongside);
      // A hole from here on: nothing reads a written entry again.
      delete entries[index];
      put(file, content);
    };
    try {
      for (const index of first) await write(index);
      await offThread.closePool();
      for (const [file, parts] of places) {
        bytes += (
          await writeParts(path.join(staging, file), parts, (part) =>
            readFileSync(path.join(staging, part.file)),
          )
        ).reduce((sum, part) => sum + part.bytes, 0);
        progress('write', ++done, total);
      }
      for (const index of ownThread) await write(index);
      for (const alongside of naming) {
        const made = await alongside.made();
        total += made.size;
        for (const [file, content] of made) put(file, content);
      }
    } finally {
      await offThread.close();
    }
    await rename(target, retired).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(staging, target);
    await rm(retired, { recursive: true, force: true });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { written: total, deleted: 0, files: total, bytes };
}
