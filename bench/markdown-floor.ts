import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readSource } from '../generator/frontmatter.ts';
import { listContent } from '../generator/list-content.ts';
import { parseMarkdown } from '../generator/markdown.ts';

export interface ParseRun {
  files: number;
  /**
   * Time of parsing every file's Markdown once, code warm, on the thread that parses: the
   * garbage collector's and the compiler's helper threads are left out, so that it stays a
   * bound from below (they took another quarter of CPU at 10,000 records).
   */
  milliseconds: number;
}

/** Files parsed before the measured pass, so that V8 has optimized the parser as a long build's threads have. */
const WARM_UP_FILES = 1000;

/**
 * The part of a clean build no design can skip while Markdown goes through micromark (the
 * issue's rule): every content file's body parsed by the build's own parser
 * (generator/markdown.ts), on one thread. Frontmatter is split off before the clock starts,
 * since its YAML could go through any parser. With the CPU time of writing the output (the
 * bench's copy of it), it bounds from below what a clean build can take on this machine.
 */
export async function markdownParseCpu(corpus: string): Promise<ParseRun> {
  const files = (await listContent(corpus)).filter((file) => file.endsWith('.md'));
  const bodies: string[] = [];
  for (const file of files) bodies.push(readSource(file, await readFile(path.join(corpus, file), 'utf8')).body);
  for (const body of bodies.slice(0, WARM_UP_FILES)) parseMarkdown(body);
  const started = performance.now();
  for (const body of bodies) parseMarkdown(body);
  return { files: bodies.length, milliseconds: performance.now() - started };
}
