import type { Root, RootContent } from 'mdast';
import type { WrittenBody } from '../../markdown/markdown.ts';
import type { Crumb } from './page-navigation.ts';

/**
 * One page of the website: an HTML file and a Markdown twin. Both render `tree`, then the
 * body a person wrote (if any), then `tail`; the twin carries the written body verbatim.
 */
export interface SitePage {
  /** URL path of the page, ending in `/`. */
  path: string;
  title: string;
  description: string;
  /** What the page says before the written body, its title first. */
  tree: Root;
  body?: WrittenBody;
  tail?: RootContent[];
  /** Date the page's content last changed (sitemap lastmod). */
  lastUpdated?: string;
  /** HTML with no Markdown equivalent (the contact forms), placed after the rendered tree. */
  htmlAppendix?: string;
  /** Where the page sits (Home › Collection › Record); shown above the HTML page's title, not in the twin. */
  breadcrumbs?: Crumb[];
}
