import type { Site } from '../model/corpus.ts';
import { type PageTexts, renderPage } from './pages/render-page.ts';
import type { SitePage } from './pages/site-page.ts';

/** A page to render, as plain data a worker can be sent. */
export interface PageJob {
  site: Site;
  page: SitePage;
}

export const renderPageJob = ({ site, page }: PageJob): PageTexts => renderPage(site, page);
