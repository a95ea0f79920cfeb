import { setFlagsFromString } from 'node:v8';

/** Node's arguments that choose V8's tiers themselves. */
const SET_BY_HAND = /^--(no-)?(turbofan|max-opt|jitless)/;

/**
 * Beyond this many content files, a small build's passes over every record run long enough
 * for TurboFan to repay its compiling. One-edit builds, interleaved: at 10,000 records 90 to
 * 150 ms faster without it, at 20,000 records 30 ms (1.62 s against 1.65 s), at 50,000
 * 150 ms slower (3.90 s against 3.72 s, medians of eight).
 */
const FORGO_UP_TO_FILES = 25_000;

/** Whether this process forwent TurboFan and has not taken it back. */
let forgone = false;

/**
 * Stops V8 from optimizing code with TurboFan, for a process that ends with a small build
 * from `files` content files (up to FORGO_UP_TO_FILES); code already optimized keeps it.
 * After a few edits, a build runs most of its code over each of ten thousand records a
 * few times: just often enough for TurboFan to compile it (on V8's own threads, taking the
 * core the build's second thread needs), too few times left for the compiled code to repay
 * it. With Sparkplug's baseline code only, from the moment the build knew it was small,
 * one-edit builds of 10,000 records took 90 to 150 ms less on Node 20 and 90 ms less on
 * Node 22 (interleaved rounds, docs/benchmarks.md), and wrote the same files. Not from the
 * start: the first look at every file's state (build-inputs.ts) gains from TurboFan, and a
 * build that then found nothing to do took 0.48 s instead of 0.41 s without it. Like
 * heap-growth.ts, a flag of the process that V8 reads as it runs; worker threads take it
 * when they start. Someone who chose the tiers in Node's arguments keeps them (NODE_OPTIONS
 * cannot hold these flags).
 */
export function forgoOptimizingCompiler(files: number): void {
  if (files > FORGO_UP_TO_FILES || process.execArgv.some((arg) => SET_BY_HAND.test(arg))) return;
  // Not --max-opt: it turns --turbofan off by implication, which setting it back does not undo.
  setFlagsFromString('--no-turbofan');
  forgone = true;
}

/**
 * TurboFan back, before work big enough for threads of its own (a pool of page renderers):
 * a small build can still render thousands of pages (the site's settings edited), which
 * repay compiling, and the pool's threads take the flag when they start.
 */
export function withOptimizingCompiler(): void {
  if (!forgone) return;
  setFlagsFromString('--turbofan');
  forgone = false;
}
