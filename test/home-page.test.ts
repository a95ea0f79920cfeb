import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../generator/load/load-content.ts';
import type { Corpus } from '../generator/model/corpus.ts';
import { homeHighlights, homePage } from '../generator/render/pages/home-page.ts';
import { renderPage } from '../generator/render/pages/render-page.ts';
import { syntheticSlug, writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

let corpus: Corpus;

beforeAll(async () => {
  const content = path.join(await temporaryDirectory('home-'), 'content');
  await writeSyntheticCorpus(content, 4);
  // Each synthetic app and AI risk cites the threat of its own number; move three citations to threat 2.
  for (const [collection, i, threats] of [
    ['apps', 0, [2]],
    ['apps', 1, [2, 3]],
    ['ai', 3, [2]],
  ] as const) {
    const file = path.join(content, collection, `${syntheticSlug(collection, i)}.md`);
    const slugs = threats.map((t) => syntheticSlug('threats', t));
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(
        /^relatedThreats:\n(?: {2}- .*\n)+/m,
        `relatedThreats: [${slugs.join(', ')}]\n`,
      ),
    );
  }
  corpus = await loadContent(content);
});

describe('the home page', () => {
  it('highlights the threats app guides and AI risks cite most, ties to the one updated last', () => {
    // Threat 2: apps 0, 1, 2 and AI 2, 3. Threat 3: app 1 and app 3. Threats 0 and 1: one AI risk each; 1 was updated later.
    expect(homeHighlights(corpus).threats.map((t) => [t.slug, t.citations])).toEqual([
      [syntheticSlug('threats', 2), 5],
      [syntheticSlug('threats', 3), 2],
      [syntheticSlug('threats', 1), 1],
      [syntheticSlug('threats', 0), 1],
    ]);
  });

  it('shows the newest posts first, with readable dates', () => {
    const { posts } = homeHighlights(corpus);
    expect(posts.map((p) => p.slug)).toEqual([3, 2, 1, 0].map((i) => syntheticSlug('posts', i)));
    const { html, markdown } = renderPage(corpus.site, homePage(corpus, homeHighlights(corpus)));
    expect(html).toContain(`<time datetime="${posts[0]!.published}">13 April 2026</time>`);
    expect(markdown).toContain('13 April 2026 · Test Author');
  });

  it('keeps what people wrote in home.md and adds the calls to action and the highlights around it, in the page and its twin', () => {
    const { html, markdown } = renderPage(corpus.site, homePage(corpus, homeHighlights(corpus)));
    const page = html.slice(html.indexOf('<main'));
    const order = [
      '<h1',
      'class="actions"',
      'href="/contact/#sandbox"',
      'href="/contact/#waitlist"',
      'href="/posts/"',
      'href="/docs/api/"',
      'What you will find here',
      'Newest research',
      'Threats to know',
    ];
    const positions = order.map((marker) => page.indexOf(marker));
    expect(
      positions.every((p) => p >= 0),
      JSON.stringify(Object.fromEntries(order.map((m, i) => [m, positions[i]]))),
    ).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(page).toContain(`<a href="/threats/${syntheticSlug('threats', 2)}/">`);
    expect(page).toContain('Cited by 5 app and AI risk pages');
    for (const text of [
      '[Start a sandbox trial](/contact/#sandbox)',
      '## What you will find here',
      '## Newest research',
      '## Threats to know',
    ])
      expect(markdown).toContain(text);
  });
});
