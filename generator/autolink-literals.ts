import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Processor } from 'unified';

/**
 * GFM's autolink literals (`www.example.com`, `https://…`, `someone@example.com` as links)
 * took over a third of parsing: micromark tries a literal at every letter and digit, and
 * mdast-util-gfm-autolink-literal then searches every text node again. Most documents
 * cannot hold one, and for them remark-gfm without that extension gives the same tree.
 *
 * A literal needs `@`, `www.` or `http://` / `https://` (any case) in a text node's value.
 * Letters reach a value only as written or as character references, punctuation also
 * through a backslash escape (`www\.example.com` is linked, by the tree search); so a
 * document without `@`, `&`, `www.`, `www\.`, `http:`, `http\:`, `https:` or `https\:`
 * holds none. test/autolink-literals.test.ts compares both parsers on generated documents.
 */
export function mayHoldAutolinkLiteral(markdown: string): boolean {
  return /[@&]|www\\?\.|https?\\?:/i.test(markdown);
}

/** remark-gfm as its defaults configure it, but for the autolink literal extension: for documents mayHoldAutolinkLiteral clears. */
export function remarkGfmWithoutLiterals(this: Processor): undefined {
  const data = this.data();
  // In remark-gfm's order (micromark-extension-gfm, mdast-util-gfm), the literal extension left out.
  (data.micromarkExtensions ??= []).push(gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push(gfmFootnoteFromMarkdown(), gfmStrikethroughFromMarkdown(), gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown());
  return undefined;
}
