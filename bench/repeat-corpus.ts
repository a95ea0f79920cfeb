import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { COLLECTION_KEYS } from '../core/collections.ts';

/**
 * A corpus of `records` records made from the shipped ones: every real record is copied
 * under new slugs (`<slug>-r<n>`, its title numbered to stay distinct) until the count is
 * reached, so bodies, frontmatter and cross-references are real. Site files come along.
 */
export async function writeRepeatedCorpus(
  source: string,
  target: string,
  records: number,
): Promise<void> {
  await rm(target, { recursive: true, force: true });
  await cp(source, target, { recursive: true });
  const originals: { key: string; file: string; text: string }[] = [];
  for (const key of COLLECTION_KEYS) {
    for (const file of (await readdir(path.join(source, key)))
      .filter((f) => f.endsWith('.md'))
      .sort()) {
      originals.push({ key, file, text: await readFile(path.join(source, key, file), 'utf8') });
    }
  }
  let count = originals.length;
  for (let copy = 1; count < records; copy++) {
    for (const { key, file, text } of originals) {
      if (count >= records) break;
      const numbered = text.replace(
        /^title: (["']?)(.*?)\1$/m,
        (_line, quote: string, title: string) =>
          `title: ${JSON.stringify(`${quote ? title : title} ${copy}`)}`,
      );
      await mkdir(path.join(target, key), { recursive: true });
      await writeFile(path.join(target, key, file.replace(/\.md$/, `-r${copy}.md`)), numbered);
      count++;
    }
  }
}

/** An edit the content team makes every day: one record's summary changes. */
export async function editOneRecord(corpus: string, round: number): Promise<string> {
  const file = path.join(
    corpus,
    'threats',
    (await readdir(path.join(corpus, 'threats'))).filter((f) => f.endsWith('.md')).sort()[0]!,
  );
  const text = await readFile(file, 'utf8');
  await writeFile(
    file,
    text.replace(
      /^summary: (["']?)(.*?)\1$/m,
      (_line, _q: string, summary: string) =>
        `summary: ${JSON.stringify(`${summary.replace(/ \(edit \d+\)$/, '')} (edit ${round})`)}`,
    ),
  );
  return file;
}
