import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { mayHoldAutolinkLiteral } from '../generator/autolink-literals.ts';
import { parseMarkdown } from '../generator/markdown.ts';

/** remark-gfm itself, autolink literals and all: what parseMarkdown must always agree with. */
const reference = unified().use(remarkParse).use(remarkGfm);
const referenceTree = (markdown: string) => reference.runSync(reference.parse(markdown));

/** A seeded generator, so that a failure can be run again. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

// Literals, and what is nearly one: in other cases, escaped, through character references, cut short.
const LITERALS = [
  'www.example.com', 'WwW.Example.org/a?b#c', 'www\\.example.com', 'www&#46;example.com', '&#119;ww.example.com', 'ww.example.com', 'www', 'www-x.com',
  'http://a.bc', 'HTTPS://a.bc/d', 'http\\://a.bc', 'https\\:\\/\\/a.bc', 'http:/a.bc', 'http:a.bc', 'htt://a.bc', 'http&#58;//a.bc', 'https&colon;//a.bc',
  'a@b.co', 'a.b-c_d+e@f-g.hi.jk', 'a\\@b.co', 'a&#64;b.co', 'a&commat;b.co', 'mailto:a@b.co', 'xmpp:a@b.co/r', 'a@b', '@b.co',
  '<https://a.bc>', '[x](https://a.bc)', '`www.a.bc`', '(www.a.bc)', '*www.a.bc*',
];
// Every other construct GFM adds or changes, and plain Markdown around them.
const OTHERS = [
  '~~x~~', '~x~', '| a | b |\n| - | - |\n| c | d |\n', '- [ ] task', '- [x] done', '[^1]', '\n\n[^1]: note\n', '*em*', '**strong**', '_x_',
  '[x](/y "t")', '![i](/i.png)', '`c`', '<b>', '&amp;', '&copy;', 'R&D', '\\*', '\n\n', '\n', '> ', '# ', '1. ', '- ', '    code', '\n```js\nx\n```\n', '---',
];
const ALPHABET = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~', ' ', ' ', '\t', '\n', '1', 'a', 'Z', 'w', 'h', 't', 'p', 's', 'é'];

function documentOf(pick: (n: number) => number): string {
  return Array.from({ length: 1 + pick(16) }, () => {
    const kind = pick(40);
    if (kind === 0) return LITERALS[pick(LITERALS.length)];
    if (kind < 12) return OTHERS[pick(OTHERS.length)];
    if (kind < 22) return ALPHABET[pick(ALPHABET.length)];
    return ['word', 'two words', ' ', 'Https', 'WWW', 'example.com', 'http'][pick(7)];
  }).join('');
}

describe('parsing without autolink literals', () => {
  it('gives remark-gfm’s tree, positions included, for every literal and near miss, alone and in a sentence', () => {
    for (const literal of [...LITERALS, ...OTHERS]) {
      for (const markdown of [literal, `See ${literal} now.`, `- ${literal}\n`, `| ${literal} |\n| - |\n`]) {
        expect(parseMarkdown(markdown), markdown).toEqual(referenceTree(markdown));
      }
    }
  });

  it('gives remark-gfm’s tree for generated documents, most of which it parses without them', () => {
    const pick = random(20261125);
    let withoutLiterals = 0;
    for (let i = 0; i < 3000; i++) {
      const markdown = documentOf(pick);
      if (!mayHoldAutolinkLiteral(markdown)) withoutLiterals++;
      expect(parseMarkdown(markdown), markdown).toEqual(referenceTree(markdown));
    }
    // Else the comparison would say nothing of the faster path.
    expect(withoutLiterals).toBeGreaterThan(1500);
  });
});
