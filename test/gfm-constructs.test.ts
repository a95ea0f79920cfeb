import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { ALL_CONSTRUCTS, constructsIn } from '../generator/markdown/gfm-constructs.ts';
import { parseMarkdown } from '../generator/markdown/markdown.ts';

/** remark-gfm itself, every construct: what parseMarkdown must always agree with. */
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
  'www.example.com',
  'WwW.Example.org/a?b#c',
  'www\\.example.com',
  'www&#46;example.com',
  '&#119;ww.example.com',
  'ww.example.com',
  'www',
  'www-x.com',
  'http://a.bc',
  'HTTPS://a.bc/d',
  'http\\://a.bc',
  'https\\:\\/\\/a.bc',
  'http:/a.bc',
  'http:a.bc',
  'htt://a.bc',
  'http&#58;//a.bc',
  'https&colon;//a.bc',
  'a@b.co',
  'a.b-c_d+e@f-g.hi.jk',
  'a\\@b.co',
  'a&#64;b.co',
  'a&commat;b.co',
  'mailto:a@b.co',
  'xmpp:a@b.co/r',
  'a@b',
  '@b.co',
  '<https://a.bc>',
  '[x](https://a.bc)',
  '`www.a.bc`',
  '(www.a.bc)',
  '*www.a.bc*',
];
// Tables, footnotes and strikethrough, and what is nearly one: escaped, through character references, without a pipe, cut short.
const TABLES = [
  '| a | b |\n| - | - |\n| c | d |\n',
  '| a |\n| - |\n',
  'a | b\n--|--\n',
  'a\n:-\n',
  'a\n-:\n',
  'a\n:-:\n',
  'a\n :-- \n',
  'a\n\t:-\n',
  'a\n: -\n',
  'a\n- :\n',
  'a\n-\n',
  'a\n&#58;-\n',
  'a\n\\:-\n',
  '\\|',
  '&#124;',
  '|',
  ':-',
  '-:',
];
const FOOTNOTES = [
  '[^1]',
  '[^1]: note',
  '\n\n[^a]: b\n',
  '[^1]\n\n[^1]: x\n',
  '[\\^1]',
  '[&#94;1]',
  '[ ^1]',
  '^1]',
  '[^]',
  '[^',
];
const STRIKETHROUGH = ['~~x~~', '~x~', '\\~x\\~', '&#126;x&#126;', '~~~\ncode\n~~~\n', '~'];
// Every other construct GFM adds or changes, and plain Markdown around them.
const OTHERS = [
  ...TABLES,
  ...FOOTNOTES,
  ...STRIKETHROUGH,
  '- [ ] task',
  '- [x] done',
  '*em*',
  '**strong**',
  '_x_',
  '[x](/y "t")',
  '![i](/i.png)',
  '`c`',
  '<b>',
  '&amp;',
  '&copy;',
  'R&D',
  '\\*',
  '\n\n',
  '\n',
  '> ',
  '# ',
  '1. ',
  '- ',
  '    code',
  '\n```js\nx\n```\n',
  '---',
];
const ALPHABET = [
  ...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
  ' ',
  ' ',
  '\t',
  '\n',
  '1',
  'a',
  'Z',
  'w',
  'h',
  't',
  'p',
  's',
  'é',
];

function documentOf(pick: (n: number) => number): string {
  return Array.from({ length: 1 + pick(16) }, () => {
    const kind = pick(40);
    if (kind === 0) return LITERALS[pick(LITERALS.length)];
    if (kind < 12) return OTHERS[pick(OTHERS.length)];
    if (kind < 22) return ALPHABET[pick(ALPHABET.length)];
    return ['word', 'two words', ' ', 'Https', 'WWW', 'example.com', 'http'][pick(7)];
  }).join('');
}

describe('parsing with only the GFM constructs a document may hold', () => {
  it('gives remark-gfm’s tree, positions included, for every construct and near miss, alone, in a sentence, a list, a table, after a line', () => {
    for (const literal of [...LITERALS, ...OTHERS]) {
      for (const markdown of [
        literal,
        `See ${literal} now.`,
        `- ${literal}\n`,
        `| ${literal} |\n| - |\n`,
        `A line\n${literal}`,
      ]) {
        expect(parseMarkdown(markdown), markdown).toEqual(referenceTree(markdown));
      }
    }
  });

  it('gives remark-gfm’s tree for generated documents, many of which it parses without one construct or another', () => {
    const pick = random(20261125);
    /** Documents parsed without each construct, by its bit. */
    const without = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) {
      const markdown = documentOf(pick);
      const bits = constructsIn(markdown);
      for (const bit of without.keys()) without[bit]! += bits & (1 << bit) ? 0 : 1;
      expect(parseMarkdown(markdown), markdown).toEqual(referenceTree(markdown));
    }
    // Else the comparison would say nothing of the faster paths.
    for (const count of without) expect(count).toBeGreaterThan(800);
  });

  it('counts every construct in a document that holds them all', () => {
    expect(constructsIn('www.a.bc [^1] ~x~ | a |')).toBe(ALL_CONSTRUCTS);
    expect(constructsIn('Plain words, a [link](/x) and *emphasis*.')).toBe(0);
  });
});
