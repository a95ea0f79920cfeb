// Which V8 settings a build runs under, decided by run-bundled.mjs before the generator
// starts: V8 reads them once, when the process starts. Plain JavaScript, as run-bundled.mjs
// must start without a loader.

const SINGLE_THREADED_GC = '--single-threaded-gc';

/**
 * Node's arguments to start a clean build (`--no-cache`) with, when this process was not
 * started with them; undefined otherwise. A clean build keeps both cores busy with five
 * threads (two analyzing the content, two rendering pages, the main one writing), so V8's
 * helper threads for garbage collection only compete with them for the cores: with each
 * thread collecting its own heap, a clean build of 10,000 records took 7% less time (25.3 s
 * against 27.3 s, medians of nine interleaved pairs, eight of them faster) and 8% less CPU
 * (39.8 s against 43.3 s; V8's own threads took 7.5 s instead of 12). At 50,000 records:
 * 113.8 s against 123.7 s, 18% less CPU, for a peak of 806 MB against 725 MB (the process
 * alone; the tree's stays under the 1 GiB budget). A cached build keeps V8's default:
 * after one edit the main thread is the build, and its collections took longer without
 * helpers (1,550 against 1,480 ms over eleven rounds). So does a first cached build, as
 * much work as a clean one: at 50,000 records its peak is already the highest (927 MiB),
 * and the collector's 80 MB and this process's would take it over the budget.
 */
export function cleanBuildNodeArgs(execArgv, args) {
  if (!args.includes('--no-cache') || execArgv.includes(SINGLE_THREADED_GC)) return undefined;
  return [...execArgv, SINGLE_THREADED_GC];
}
