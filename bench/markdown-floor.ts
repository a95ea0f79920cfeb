import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A parse of files: of a share, as its process measured it, or of all, as the slowest share took (the shares start together). */
export interface ParseRun {
  files: number;
  milliseconds: number;
}

/**
 * The part of a clean build no design can skip while Markdown goes through micromark (the
 * issue's rule): every content file's body parsed by the build's own parser
 * (generator/markdown/markdown.ts), the files shared among `processes` processes that parse at once
 * (parse-share.ts), each warmed up first. Measured rather than one parser's time divided by
 * the cores: two parsers on this machine's two cores each ran a fifth to a half slower than
 * one alone. With the time the output's files take to write, it bounds from below what a
 * clean build can take here.
 */
export async function markdownParseFloor(corpus: string, processes: number): Promise<ParseRun> {
  // Started as this process was (under tsx): the shares run the TypeScript sources.
  const children = Array.from({ length: processes }, (_, index) =>
    fork(fileURLToPath(new URL('./parse-share.ts', import.meta.url)), [
      corpus,
      String(index),
      String(processes),
    ]),
  );
  try {
    await Promise.all(children.map((child) => nextMessage(child)));
    const done = children.map((child) => nextMessage(child) as Promise<ParseRun>);
    for (const child of children) child.send('go');
    const shares = await Promise.all(done);
    return {
      files: shares.reduce((sum, share) => sum + share.files, 0),
      milliseconds: Math.max(...shares.map((share) => share.milliseconds)),
    };
  } finally {
    for (const child of children) child.kill();
  }
}

function nextMessage(child: ChildProcess): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const failed = (code: number | null) =>
      reject(
        new Error(`A parse process (bench/parse-share.ts) exited with ${code} before answering.`),
      );
    child.once('exit', failed);
    child.once('message', (message) => {
      child.off('exit', failed);
      resolve(message);
    });
  });
}
