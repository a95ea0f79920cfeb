import type { PhrasingContent, Root, RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { MARKDOWN_STYLE, renderMarkdown } from '../generator/markdown/markdown.ts';

/** The library's own serializer, with the same style and none of our handlers. */
const reference = unified().use(remarkGfm).use(remarkStringify, MARKDOWN_STYLE);

/** A seeded generator, so that a failure can be run again. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

// Every ASCII punctuation character, white space of each kind, digits, letters, a control character and a non-ASCII letter.
const ALPHABET = [
  ...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
  ' ',
  ' ',
  ' ',
  '\t',
  '\n',
  '\r',
  '1',
  '9',
  'a',
  'Z',
  'w',
  '\u0001',
  'é',
];
const WORDS = [
  'www.example.com',
  'http://a.b',
  'a@b.co',
  '1. ',
  '- ',
  '# ',
  '> ',
  '| a |',
  '***',
  '___',
  '~~x~~',
  '&amp;',
  '<div>',
  '[x](y)',
  '`c`',
  '  \n',
];

function treeOf(pick: (n: number) => number): Root {
  const textValue = () =>
    Array.from({ length: 1 + pick(12) }, () =>
      pick(4) ? ALPHABET[pick(ALPHABET.length)] : WORDS[pick(WORDS.length)],
    ).join('');
  const phrasing = (depth: number): PhrasingContent[] =>
    Array.from({ length: 1 + pick(4) }, (): PhrasingContent => {
      const kind = depth > 1 ? 0 : pick(6);
      if (kind === 1) return { type: 'strong', children: phrasing(depth + 1) };
      if (kind === 2) return { type: 'emphasis', children: phrasing(depth + 1) };
      if (kind === 3) return { type: 'link', url: textValue(), children: phrasing(depth + 1) };
      if (kind === 4) return { type: 'inlineCode', value: textValue() };
      if (kind === 5) return { type: 'delete', children: phrasing(depth + 1) };
      return { type: 'text', value: textValue() };
    });
  const block = (): RootContent => {
    const kind = pick(5);
    if (kind === 1)
      return { type: 'heading', depth: (1 + pick(3)) as 1 | 2 | 3, children: phrasing(0) };
    if (kind === 2)
      return {
        type: 'list',
        ordered: pick(2) === 1,
        spread: false,
        children: [1, 2].map(() => ({
          type: 'listItem',
          spread: false,
          children: [{ type: 'paragraph', children: phrasing(0) }],
        })),
      };
    if (kind === 3)
      return { type: 'blockquote', children: [{ type: 'paragraph', children: phrasing(0) }] };
    if (kind === 4)
      return {
        type: 'table',
        children: [1, 2].map(() => ({
          type: 'tableRow',
          children: [1, 2].map(() => ({ type: 'tableCell', children: phrasing(0) })),
        })),
      };
    return { type: 'paragraph', children: phrasing(0) };
  };
  return { type: 'root', children: Array.from({ length: 1 + pick(4) }, block) };
}

describe('Markdown twins', () => {
  it('are written exactly as mdast-util-to-markdown writes them, for text of every character in every construct', () => {
    const pick = random(20261123);
    for (let i = 0; i < 1500; i++) {
      const tree = treeOf(pick);
      expect(renderMarkdown(tree), JSON.stringify(tree)).toBe(reference.stringify(tree));
    }
  });
});
