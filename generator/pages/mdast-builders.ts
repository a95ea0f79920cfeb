import type { BlockContent, Heading, List, ListItem, Paragraph, PhrasingContent, Root } from 'mdast';

/** Small constructors for Markdown trees, so page modules read like the pages they build. */
export const text = (value: string): PhrasingContent => ({ type: 'text', value });
export const strong = (value: string): PhrasingContent => ({ type: 'strong', children: [text(value)] });
export const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
export const link = (url: string, label: string): PhrasingContent => ({ type: 'link', url, children: [text(label)] });
export const paragraph = (...children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });
export const heading = (depth: 1 | 2 | 3, value: string): Heading => ({ type: 'heading', depth, children: [text(value)] });
export const listItem = (...children: BlockContent[]): ListItem => ({ type: 'listItem', spread: false, children });
export const list = (items: ListItem[]): List => ({ type: 'list', ordered: false, spread: false, children: items });
export const bullets = (lines: PhrasingContent[][]): List => list(lines.map((line) => listItem(paragraph(...line))));

/** A node the HTML renderer gives a class (for the stylesheet); the Markdown twin does not see it. */
export function styled<Node extends Paragraph | List>(node: Node, className: string): Node {
  return { ...node, data: { ...node.data, hProperties: { className: [className] } } };
}

/** A list whose items hold several paragraphs each (cards): loose, so each paragraph stays one. */
export const looseList = (items: ListItem[]): List => ({ ...list(items), spread: true });

/** Joins phrasing pieces with a separator, e.g. links with ", ". */
export function joined(parts: PhrasingContent[], separator = ', '): PhrasingContent[] {
  return parts.flatMap((part, i) => (i === 0 ? [part] : [text(separator), part]));
}

export const titled = (title: string, children: Root['children']): Root => ({
  type: 'root',
  children: [heading(1, title), ...children],
});
