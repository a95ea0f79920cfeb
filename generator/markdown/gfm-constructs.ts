import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Processor } from 'unified';

/**
 * GFM's constructs that a document holds only if its text has certain characters. micromark
 * tries each of them wherever it could start: an autolink literal at every letter and digit
 * (over a third of parsing), a table at the first line of every paragraph, a footnote at
 * every `[`. Without those characters, remark-gfm without the construct gives the same tree.
 *
 * Constructs are found in the text as written, before character references and backslash
 * escapes are resolved, so a construct's own characters must be there as they are:
 * - an autolink literal needs `@`, `www.` or `http://` / `https://` (any case) in a text
 *   node's value, which the tree search makes of references and escapes too: so `@`, `&`,
 *   `www.`, `www\.`, `http:`, `http\:`, `https:` or `https\:`;
 * - a footnote, called or defined, needs `[^`;
 * - strikethrough needs `~`;
 * - a table needs `|`, or, with one column and no pipe, a delimiter row with an alignment
 *   colon next to its dashes: `:-` or `-:`.
 * test/gfm-constructs.test.ts compares the parsers with remark-gfm on generated documents.
 */
const OPTIONAL = [
  {
    needs: /[@&]|www\\?\.|https?\\?:/i,
    syntax: gfmAutolinkLiteral,
    tree: gfmAutolinkLiteralFromMarkdown,
  },
  { needs: /\[\^/, syntax: gfmFootnote, tree: gfmFootnoteFromMarkdown },
  { needs: /~/, syntax: gfmStrikethrough, tree: gfmStrikethroughFromMarkdown },
  { needs: /\||:-|-:/, syntax: gfmTable, tree: gfmTableFromMarkdown },
];

/** The optional constructs `markdown` may hold, a bit each (OPTIONAL's order). */
export function constructsIn(markdown: string): number {
  let bits = 0;
  for (const [bit, { needs }] of OPTIONAL.entries()) if (needs.test(markdown)) bits |= 1 << bit;
  return bits;
}

/** Every optional construct: remark-gfm itself. */
export const ALL_CONSTRUCTS = (1 << OPTIONAL.length) - 1;

/** remark-gfm as its defaults configure it, with only the optional constructs in `bits` (task list items always). */
export function remarkGfmWith(bits: number) {
  // In remark-gfm's order (micromark-extension-gfm, mdast-util-gfm), task list items last.
  const used = OPTIONAL.filter((_, bit) => bits & (1 << bit));
  return function (this: Processor): undefined {
    const data = this.data();
    (data.micromarkExtensions ??= []).push(
      ...used.map(({ syntax }) => syntax()),
      gfmTaskListItem(),
    );
    (data.fromMarkdownExtensions ??= []).push(
      ...used.map(({ tree }) => tree()),
      gfmTaskListItemFromMarkdown(),
    );
    return undefined;
  };
}
