import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readSource } from '../generator/load/frontmatter.ts';
import { listContent } from '../generator/load/list-content.ts';
import { parseMarkdown } from '../generator/markdown/markdown.ts';

/**
 * One process of markdown-floor.ts: `tsx bench/parse-share.ts <corpus> <index> <count>`
 * parses every `count`-th Markdown file of the corpus from the `index`-th on, with the
 * build's own parser. It reads its files and warms the parser up, says 'ready', waits for
 * 'go', then parses its share once and sends how long that took.
 */

/** Files parsed before the measured pass, so that V8 has optimized the parser as a long build's threads have. */
const WARM_UP_FILES = 500;

const [corpus = '', index = '0', count = '1'] = process.argv.slice(2);
const files = (await listContent(corpus))
  .filter((file) => file.endsWith('.md'))
  .filter((_file, i) => i % Number(count) === Number(index));
const bodies: string[] = [];
// Frontmatter is split off before the clock starts: its YAML could go through any parser.
for (const file of files)
  bodies.push(readSource(file, await readFile(path.join(corpus, file), 'utf8')).body);
for (const body of bodies.slice(0, WARM_UP_FILES)) parseMarkdown(body);
process.send!('ready');
process.once('message', () => {
  const started = performance.now();
  for (const body of bodies) parseMarkdown(body);
  process.send!({ files: bodies.length, milliseconds: performance.now() - started }, () =>
    process.exit(0),
  );
});
