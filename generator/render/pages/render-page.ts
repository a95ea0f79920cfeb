import type { Site } from '../../model/corpus.ts';
import { joinMarkdown, renderHtml, renderMarkdown, root } from '../../markdown/markdown.ts';
import { layout } from './layout.ts';
import { breadcrumbsHtml } from './page-navigation.ts';
import type { SitePage } from './site-page.ts';

/** A page's two texts: its HTML and its Markdown twin. */
export interface PageTexts {
  html: string;
  markdown: string;
}

/** The two texts of a page: its HTML, from the whole tree, and its Markdown twin. The page's trees are used up. */
export function renderPage(site: Site, page: SitePage): PageTexts {
  const tail = page.tail ?? [];
  const taken = new Set(page.body?.ids);
  const crumbs = page.breadcrumbs ? breadcrumbsHtml(page.breadcrumbs) : undefined;
  // The Markdown first: rendering the HTML may use the trees up.
  const markdown = joinMarkdown(
    renderMarkdown(page.tree),
    page.body?.markdown,
    tail.length ? renderMarkdown(root(tail)) : undefined,
  );
  const main = [
    crumbs,
    renderHtml(page.tree, taken),
    page.body?.html,
    tail.length ? renderHtml(root(tail), taken) : undefined,
    page.htmlAppendix,
  ]
    .filter((part) => part !== undefined && part !== '')
    .join('\n');
  const html = layout({
    site,
    path: page.path,
    title: page.title,
    description: page.description,
    main,
  });
  return { html, markdown };
}
