import { setFlagsFromString } from 'node:v8';

/** Node's arguments that choose V8's tiers themselves. */
const SET_BY_HAND = /^--(no-)?(turbofan|max-opt|jitless)/;

/** Whether this process forwent TurboFan and has not taken it back. */
let forgone = false;

/**
 * Stops V8 from optimizing code with TurboFan, for a process that ends with a small
 * build; code already optimized keeps its code. After a few edits at 10,000 records, a
 * build runs most of its code over each of ten thousand records a few times: just often
 * enough for TurboFan to compile it (on V8's own threads, taking the core the build's
 * second thread needs), too few times left for the compiled code to repay it. Sparkplug's
 * baseline code only, from the moment the build knew it was small: one-edit builds 90 to
 * 120 ms faster on Node 20 and 90 ms on Node 22 (interleaved rounds, docs/benchmarks.md),
 * the files written the same. Not from the start: the first look at 10,000 files' states
 * (build-inputs.ts) gains from TurboFan, and a build that then found nothing to do took
 * 0.48 s instead of 0.41 s without it. Like heap-growth.ts, a flag of the process that V8
 * reads as it runs; worker threads take it when they start. Someone who set the tiers in
 * Node's arguments (NODE_OPTIONS cannot hold these) keeps theirs.
 */
export function forgoOptimizingCompiler(): void {
  if (process.execArgv.some((arg) => SET_BY_HAND.test(arg))) return;
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
