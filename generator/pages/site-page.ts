import type { Root } from 'mdast';

/** One page of the website: an HTML file and a Markdown twin, both rendered from `tree`. */
export interface SitePage {
  /** URL path of the page, ending in `/`. */
  path: string;
  title: string;
  description: string;
  tree: Root;
  /** Date the page's content last changed (sitemap lastmod). */
  lastUpdated?: string;
  /** HTML with no Markdown equivalent (the contact forms), placed after the rendered tree. */
  htmlAppendix?: string;
}
