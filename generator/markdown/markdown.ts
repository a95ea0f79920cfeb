import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast';
import type { Root as MdastRoot, RootContent } from 'mdast';
import { toString as mdastText } from 'mdast-util-to-string';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { constructsIn, remarkGfmWith } from './gfm-constructs.ts';

/**
 * One Markdown tree per page; the HTML page and its Markdown twin are both rendered
 * from it, so they cannot say different things.
 */
const parserWith = (constructs: number) =>
  unified().use(remarkParse).use(remarkGfmWith(constructs));
/** A parser for each set of GFM's optional constructs a document may hold (gfm-constructs.ts), made when first needed. */
const parsers = new Map<number, ReturnType<typeof parserWith>>();
const parserFor = (constructs: number) =>
  parsers.get(constructs) ?? parsers.set(constructs, parserWith(constructs)).get(constructs)!;
const toHast = unified().use(remarkRehype).use(rehypeSlug).use(scrollableBlocks);
const htmlWriter = unified().use(rehypeStringify);
/** How twins write Markdown. */
const MARKDOWN_STYLE = {
  bullet: '-',
  emphasis: '_',
  strong: '*',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
} as const;
const markdownWriter = unified().use(remarkGfm).use(remarkStringify, MARKDOWN_STYLE);

/**
 * Tables and code blocks scroll inside their own box on a narrow screen, never the page. A
 * box that scrolls must be reachable by keyboard to be scrolled without a mouse (WCAG
 * 2.1.1; axe's scrollable-region-focusable): a table goes in a focusable region named
 * after the heading above it, a code block is focusable itself.
 */
function scrollableBlocks() {
  return (tree: HastRoot) => {
    let heading = '';
    let tables = 0;
    const visit = (children: (HastRoot | Element)['children']) => {
      for (const [i, child] of children.entries()) {
        if (child.type !== 'element') continue;
        if (/^h[1-6]$/.test(child.tagName)) {
          heading = textOf(child);
        } else if (child.tagName === 'table') {
          tables++;
          const name = heading ? `Table: ${heading}` : `Table ${tables}`;
          children[i] = {
            type: 'element',
            tagName: 'div',
            properties: {
              className: ['table-scroll'],
              role: 'region',
              ariaLabel: name,
              tabIndex: 0,
            },
            children: [child],
          };
        } else if (child.tagName === 'pre') {
          child.properties.tabIndex = 0;
        } else {
          visit(child.children);
        }
      }
    };
    visit(tree.children);
  };
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textOf).join('') : '';
}

export function parseMarkdown(text: string): MdastRoot {
  const parser = parserFor(constructsIn(text));
  return parser.runSync(parser.parse(text)) as MdastRoot;
}

/**
 * HTML of a page's own parts (title, fields, links). Its ids give way to those in `taken`
 * (the body's, rendered apart, and the other parts'), to which they are then added: an
 * author's anchors stay as written whatever the page puts around the body. The tree may be
 * used up: render its Markdown first (copying each page's trees took a quarter of this).
 */
export function renderHtml(tree: MdastRoot, taken = new Set<string>()): string {
  const hast = toHast.runSync(tree) as HastRoot;
  giveWay(hast, taken);
  return htmlWriter.stringify(hast);
}

/** HTML of a written body, and the ids it holds (see renderHtml). The tree is used up. */
export function renderBody(tree: MdastRoot): { html: string; ids: string[] } {
  const hast = toHast.runSync(tree) as HastRoot;
  const ids: string[] = [];
  forEachElement(hast, (element) => {
    if (typeof element.properties.id === 'string') ids.push(element.properties.id);
  });
  return { html: htmlWriter.stringify(hast), ids };
}

function giveWay(tree: HastRoot, taken: Set<string>): void {
  forEachElement(tree, (element) => {
    let id = element.properties.id;
    if (typeof id !== 'string') return;
    for (let n = 1; taken.has(id); n++) id = `${element.properties.id}-${n}`;
    element.properties.id = id;
    taken.add(id);
  });
}

function forEachElement(node: HastRoot | HastContent, visit: (element: Element) => void): void {
  if (node.type === 'element') visit(node);
  if ('children' in node) for (const child of node.children) forEachElement(child, visit);
}

export function renderMarkdown(tree: MdastRoot): string {
  return markdownWriter.stringify(tree);
}

/**
 * A content file's body as its author wrote it, and as HTML. The twin and the record's
 * `body` carry the text itself rather than the tree written back out: the author's
 * Markdown is what a reader of Markdown wants, and serializing every body again would be a
 * large share of a build. The HTML is rendered where the file is analyzed (on every core)
 * and kept instead of the tree: a tree takes many times the memory of its text.
 */
export interface WrittenBody {
  /** Without leading blank lines or trailing white space, ending in one newline. */
  markdown: string;
  html: string;
  /** The ids of the HTML's elements (its headings'), which the page around it must not reuse. */
  ids: string[];
}

export function writtenBody(text: string, tree: MdastRoot): WrittenBody {
  return { markdown: `${text.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd()}\n`, ...renderBody(tree) };
}

/** Markdown documents one after another, as blocks: a blank line between each. */
export function joinMarkdown(...parts: (string | undefined)[]): string {
  return parts
    .filter((part): part is string => part !== undefined && part.trim() !== '')
    .join('\n');
}

const TEXT_BLOCKS = new Set(['paragraph', 'heading', 'tableCell', 'code']);

/** Words of the text a reader sees; blocks are counted apart so that their texts do not run together. */
export function wordCount(tree: MdastRoot): number {
  let words = 0;
  const visit = (node: { type: string; children?: unknown[] }): void => {
    if (TEXT_BLOCKS.has(node.type)) {
      words += mdastText(node as never)
        .split(/\s+/)
        .filter(Boolean).length;
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
  const visit = (
    node: { type: string; children?: unknown[]; position?: { start: { line: number } } } & Record<
      string,
      unknown
    >,
  ): void => {
    const line = node.position?.start.line ?? 1;
    if (node.type === 'heading' && node.depth === 1)
      findings.push({ kind: 'h1', line, value: mdastText(node as never) });
    if (node.type === 'html') findings.push({ kind: 'html', line, value: String(node.value) });
    if (node.type === 'link' || node.type === 'definition')
      findings.push({ kind: 'link', line, value: String(node.url) });
    for (const child of node.children ?? []) visit(child as never);
  };
  visit(tree as never);
  return findings;
}
