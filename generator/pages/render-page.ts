import { pageFile, twinPath } from '../../core/paths.ts';
import type { Site } from '../load-content.ts';
import { renderHtml, renderMarkdown } from '../markdown.ts';
import { layout } from './layout.ts';
import type { SitePage } from './site-page.ts';

/** The two files of a page: HTML and its Markdown twin, from one tree. */
export function renderPage(site: Site, page: SitePage): { html: [string, string]; markdown: [string, string] } {
  const main = renderHtml(page.tree) + (page.htmlAppendix ? `\n${page.htmlAppendix}` : '');
  const html = layout({ site, path: page.path, title: page.title, description: page.description, main });
  return {
    html: [pageFile(page.path), html],
    markdown: [twinPath(page.path).replace(/^\//, ''), renderMarkdown(page.tree)],
  };
}
