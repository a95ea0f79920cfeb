import type { Root as MdastRoot, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

/**
 * One Markdown tree per page; the HTML page and its Markdown twin are both rendered
 * from it, so they cannot say different things.
 */
const parser = unified().use(remarkParse).use(remarkGfm);
const htmlRenderer = unified().use(remarkRehype).use(rehypeSlug).use(rehypeStringify);
const markdownWriter = unified()
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', emphasis: '_', strong: '*', fences: true, rule: '-', listItemIndent: 'one' });

export function parseMarkdown(text: string): MdastRoot {
  return parser.runSync(parser.parse(text)) as MdastRoot;
}

export function renderHtml(tree: MdastRoot): string {
  const hast = htmlRenderer.runSync(structuredClone(tree));
  return htmlRenderer.stringify(hast);
}

export function renderMarkdown(tree: MdastRoot): string {
  return markdownWriter.stringify(tree);
}

const TEXT_BLOCKS = new Set(['paragraph', 'heading', 'tableCell', 'code']);

/** Words of the text a reader sees; blocks are counted apart so that their texts do not run together. */
export function wordCount(tree: MdastRoot): number {
  let words = 0;
  const visit = (node: { type: string; children?: unknown[] }): void => {
    if (TEXT_BLOCKS.has(node.type)) {
      words += toString(node as never).split(/\s+/).filter(Boolean).length;
      return;
    }
    for (const child of node.children ?? []) visit(child as never);
  };
  visit(tree);
  return words;
}

export function root(children: RootContent[]): MdastRoot {
  return { type: 'root', children };
}

/** What a content body must not contain or must resolve, with the line it is on (1-based, within the body). */
export interface BodyFinding {
  kind: 'h1' | 'html' | 'link';
  line: number;
  value: string;
}

export function inspectBody(tree: MdastRoot): BodyFinding[] {
  const findings: BodyFinding[] = [];
  const visit = (node: { type: string; children?: unknown[]; position?: { start: { line: number } } } & Record<string, unknown>): void => {
    const line = node.position?.start.line ?? 1;
    if (node.type === 'heading' && node.depth === 1) findings.push({ kind: 'h1', line, value: toString(node as never) });
    if (node.type === 'html') findings.push({ kind: 'html', line, value: String(node.value) });
    if (node.type === 'link' || node.type === 'definition') findings.push({ kind: 'link', line, value: String(node.url) });
    for (const child of node.children ?? []) visit(child as never);
  };
  visit(tree as never);
  return findings;
}
