import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_KEYS } from '../core/collections.ts';
import { build, createBuilder } from '../generator/build.ts';
import { CARDS_PER_PAGE } from '../generator/model/site-paths.ts';
import { syntheticSlug, writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/** 201 records per collection: two full pages of cards and one of a single card. */
const PER_COLLECTION = 2 * CARDS_PER_PAGE + 1;
let root: string;
let content: string;
let out: string;
const read = (file: string) => readFile(path.join(out, file), 'utf8');
const cardLinks = (html: string) =>
  [
    ...html
      .split('<ul class="record-cards">')[1]!
      .split('</ul>\n')[0]!
      .matchAll(/<h2[^>]*><a href="([^"]+)"/g),
  ].map((m) => m[1]);

beforeAll(async () => {
  root = await temporaryDirectory('collection-pages-');
  content = path.join(root, 'content');
  out = path.join(root, 'dist');
  await writeSyntheticCorpus(content, PER_COLLECTION);
  await build({ contentDir: content, outDir: out });
}, 120_000);

describe('a collection of more records than a page holds', () => {
  it('lists every record exactly once, in order, a hundred to a page, at /key/, /key/page/2/, …', async () => {
    for (const key of COLLECTION_KEYS) {
      const order = (
        JSON.parse(await read(`_data/summaries/${key}.json`)) as { slug: string }[]
      ).map(({ slug }) => `/${key}/${slug}/`);
      const pages = [
        await read(`${key}/index.html`),
        await read(`${key}/page/2/index.html`),
        await read(`${key}/page/3/index.html`),
      ];
      expect(pages.map((html) => cardLinks(html).length)).toEqual([100, 100, 1]);
      expect(pages.flatMap(cardLinks)).toEqual(order);
      await expect(read(`${key}/page/4/index.html`)).rejects.toThrow(/ENOENT/);
      await expect(read(`${key}/page/1/index.html`)).rejects.toThrow(/ENOENT/);
    }
  });

  it('gives each page its own title, range, breadcrumbs and links to the pages before and after it', async () => {
    const [first, second, third] = [
      await read('glossary/index.html'),
      await read('glossary/page/2/index.html'),
      await read('glossary/page/3/index.html'),
    ];
    expect(first).toContain('<title>Glossary | ');
    expect(second).toContain('<title>Glossary, page 2 of 3 | ');
    expect(second).toContain('>Glossary, page 2 of 3</h1>');
    expect(second).toContain('<p>Records 101 to 200.</p>');
    expect(second).toContain(
      `<link rel="canonical" href="https://detour.example/glossary/page/2/">`,
    );
    expect(second).toMatch(
      /<nav class="breadcrumbs"[\s\S]*href="\/glossary\/">Glossary<\/a>[\s\S]*href="\/glossary\/page\/2\/" aria-current="page">Page 2</,
    );
    expect(first).toMatch(
      /<nav class="record-pager" aria-label="Pages of Glossary">\n<a class="pager-next" rel="next" href="\/glossary\/page\/2\/">/,
    );
    expect(first).not.toContain('rel="prev"');
    expect(second).toContain('rel="prev" href="/glossary/"');
    expect(second).toContain('rel="next" href="/glossary/page/3/"');
    expect(third).toContain('rel="prev" href="/glossary/page/2/"');
    expect(third).not.toContain('rel="next"');
    // The collection's size and latest date on the first page; the range on every page.
    expect(first).toContain(`${PER_COLLECTION} records, last updated`);
    expect(third).toContain('<p>Records 201 to 201.</p>');
  });

  it('has a twin per page, each in the sitemap and in llms-full.txt', async () => {
    const sitemap = await read('sitemap.xml');
    const full = await read('llms-full.txt');
    for (const page of ['/glossary/', '/glossary/page/2/', '/glossary/page/3/']) {
      const twin = await read(`${page.slice(1)}index.html.md`);
      expect(sitemap).toContain(`<loc>https://detour.example${page}</loc>`);
      expect(full).toContain(`<!-- https://detour.example${page} -->\n\n${twin}`);
    }
    expect(await read('glossary/page/2/index.html.md')).toMatch(
      /^# Glossary, page 2 of 3\n[\s\S]*Records 101 to 200\./,
    );
  });
});

describe('an edit to one record of a long collection', () => {
  it('renders again the page that shows its card, not the others', async () => {
    const cacheDir = path.join(root, 'cache');
    const inPlace = path.join(root, 'in-place');
    const builder = createBuilder({ contentDir: content, outDir: inPlace, cacheDir });
    await builder.build();
    const order = (
      JSON.parse(await read('_data/summaries/glossary.json')) as { slug: string }[]
    ).map(({ slug }) => slug);
    // The 151st record in the collection's order: on the second page.
    const slug = order[150]!;
    expect(slug).toMatch(new RegExp(`^${syntheticSlug('glossary', 0).replace(/0$/, '')}\\d+$`));
    const file = path.join(content, 'glossary', `${slug}.md`);
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(
        /^summary: .*$/m,
        'summary: A summary changed on the second page of the glossary.',
      ),
    );
    const { changed = [] } = await builder.build();
    expect(changed).toEqual(
      expect.arrayContaining(['glossary/page/2/index.html', 'glossary/page/2/index.html.md']),
    );
    expect(changed.filter((f) => /^glossary\/(index|page\/[13]\/index)\.html/.test(f))).toEqual([]);
  }, 120_000);
});
