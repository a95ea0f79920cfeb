import type {
  BlockContent,
  Code,
  Heading,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  Root,
} from 'mdast';
import { machineDate, readableDate } from './readable-date.ts';

/** Small constructors for Markdown trees, so page modules read like the pages they build. */
export const text = (value: string): PhrasingContent => ({ type: 'text', value });
export const strong = (value: string): PhrasingContent => ({
  type: 'strong',
  children: [text(value)],
});
export const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
/** A fenced code block, its language named for syntax highlighters (json, sh). */
export const codeBlock = (lang: string, value: string): Code => ({ type: 'code', lang, value });
export const link = (url: string, label: string): PhrasingContent => ({
  type: 'link',
  url,
  children: [text(label)],
});
export const paragraph = (...children: PhrasingContent[]): Paragraph => ({
  type: 'paragraph',
  children,
});
export const heading = (depth: 1 | 2 | 3, value: string): Heading => ({
  type: 'heading',
  depth,
  children: [text(value)],
});
export const listItem = (...children: BlockContent[]): ListItem => ({
  type: 'listItem',
  spread: false,
  children,
});
export const list = (items: ListItem[]): List => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items,
});
export const bullets = (lines: PhrasingContent[][]): List =>
  list(lines.map((line) => listItem(paragraph(...line))));

/** A list whose items hold several paragraphs each (cards): loose, so each paragraph stays one. */
export const looseList = (items: ListItem[]): List => ({ ...list(items), spread: true });

/**
 * The same tree gives the HTML and the twin; these set what only the HTML shows of a node
 * (its element and classes, through mdast-util-to-hast's `data`), the twin keeping its text.
 */
export function classed<T extends Paragraph | List | ListItem>(
  node: T,
  ...classNames: string[]
): T {
  return {
    ...node,
    data: { ...node.data, hProperties: { ...node.data?.hProperties, className: classNames } },
  };
}

/** A paragraph the HTML shows as another element (a card's heading), the twin as a paragraph. */
export const shownAs = (element: string, node: Paragraph): Paragraph => ({
  ...node,
  data: { ...node.data, hName: element },
});

/** Text the HTML wraps in a span with classes (a badge). */
export const span = (value: string, ...classNames: string[]): PhrasingContent => ({
  type: 'text',
  value,
  data: { hName: 'span', hProperties: { className: classNames } },
});

/** A date as people read it ("14 October 2026"); in HTML a `<time>` with the machine date. */
export const date = (iso: string): PhrasingContent => ({
  type: 'text',
  value: readableDate(iso),
  data: { hName: 'time', hProperties: { dateTime: machineDate(iso) } },
});

/** Joins phrasing pieces with a separator, e.g. links with ", ". */
export function joined(parts: PhrasingContent[], separator = ', '): PhrasingContent[] {
  return parts.flatMap((part, i) => (i === 0 ? [part] : [text(separator), part]));
}

export const titled = (title: string, children: Root['children']): Root => ({
  type: 'root',
  children: [heading(1, title), ...children],
});
