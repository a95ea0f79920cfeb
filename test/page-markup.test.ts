import { describe, expect, it } from 'vitest';
import type { Site } from '../generator/model/corpus.ts';
import { parseMarkdown, renderHtml } from '../generator/markdown/markdown.ts';
import { layout } from '../generator/render/pages/layout.ts';
import { readableDate, timeElement } from '../generator/render/pages/readable-date.ts';

const site: Site = {
  name: 'Detour Security',
  baseUrl: 'https://detour.example',
  description: 'd',
  apiName: 'a',
  apiDescription: 'a',
  contactEmail: 'hello@detour.example',
  language: 'en',
};

describe('page markup', () => {
  it('puts a table in a focusable region named after the heading above it, and makes code blocks focusable', () => {
    const html = renderHtml(
      parseMarkdown(
        '## Routes by team\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n```\nlong code\n```\n\n- | C |\n  |---|\n  | 3 |\n',
      ),
    );
    expect(html).toContain(
      '<div class="table-scroll" role="region" aria-label="Table: Routes by team" tabindex="0"><table>',
    );
    expect(html).toContain('<pre tabindex="0"><code>long code');
    // A table nested in a list is wrapped too.
    expect(html.match(/class="table-scroll"/g)).toHaveLength(2);
    expect(renderHtml(parseMarkdown('| A |\n|---|\n| 1 |\n'))).toContain('aria-label="Table 1"');
  });

  it('writes dates the same way on every machine', () => {
    expect(readableDate('2026-10-14')).toBe('14 October 2026');
    expect(readableDate('2026-01-01')).toBe('1 January 2026');
    expect(timeElement('2026-03-09')).toBe('<time datetime="2026-03-09">9 March 2026</time>');
    expect(() => readableDate('2026-13-45')).toThrow(/is not a date: expected YYYY-MM-DD/);
  });

  it('gives every page its canonical URL, Open Graph and Twitter card tags with absolute URLs, and the theme colours', () => {
    const page = layout({
      site,
      path: '/threats/credential-phishing/',
      title: 'Credential phishing',
      description: 'A counterfeit "sign-in" page.',
      main: '<h1>x</h1>',
    });
    const meta = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(page)?.[1];
    expect(page).toContain('<title>Credential phishing | Detour Security</title>');
    expect(page).toContain(
      '<link rel="canonical" href="https://detour.example/threats/credential-phishing/">',
    );
    expect(meta('og:type')).toBe('article');
    expect(meta('og:title')).toBe('Credential phishing');
    expect(meta('og:description')).toBe('A counterfeit &quot;sign-in&quot; page.');
    expect(meta('og:url')).toBe('https://detour.example/threats/credential-phishing/');
    expect(meta('og:image')).toBe('https://detour.example/assets/social/threats.png');
    expect([meta('og:image:width'), meta('og:image:height'), meta('og:image:alt')]).toEqual([
      '1200',
      '630',
      'Detour Security: Threats',
    ]);
    expect([meta('twitter:card'), meta('twitter:image')]).toEqual([
      'summary_large_image',
      'https://detour.example/assets/social/threats.png',
    ]);
    expect(page).toMatch(
      /<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: light\)">/,
    );
    expect(page).toMatch(
      /<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: dark\)">/,
    );

    const home = layout({
      site,
      path: '/',
      title: 'Browse safely',
      description: 'Home.',
      main: '<h1>x</h1>',
    });
    expect(home).toContain('<title>Detour Security: Browse safely</title>');
    expect(home).toContain('<meta property="og:type" content="website">');
    expect(home).toContain(
      '<meta property="og:image" content="https://detour.example/assets/social/site.png">',
    );
    // The logo links home; its name is the link's text, the drawing is hidden from assistive technology.
    expect(home).toMatch(
      /<a class="brand" href="\/"><svg [^>]*aria-hidden="true"[^>]*>.*<\/svg><span>Detour Security<\/span><\/a>/,
    );
  });
});
