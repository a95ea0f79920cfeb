import type { Site } from '../model/corpus.ts';
import { renderPage } from './pages/render-page.ts';
import type { SitePage } from './pages/site-page.ts';

/** A page to render, as plain data a worker can be sent. */
export interface PageJob {
  site: Site;
  page: SitePage;
}

/** A page's two files: its HTML and its Markdown twin. */
export interface PageTexts {
  html: string;
  markdown: string;
}

export function renderPageJob({ site, page }: PageJob): PageTexts {
  const { html, markdown } = renderPage(site, page);
  return { html: html[1], markdown: markdown[1] };
}
