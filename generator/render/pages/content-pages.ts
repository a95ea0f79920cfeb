import { paths } from '../../../core/paths.ts';
import type { Corpus, Page } from '../../model/corpus.ts';
import { contactFormsHtml } from './contact-forms.ts';
import { titled } from './mdast-builders.ts';
import type { SitePage } from './site-page.ts';

/** About and contact: written by people in content/pages/ (the home page adds generated parts: home-page.ts). */
function fromContent(page: Page, path: string, htmlAppendix?: string): SitePage {
  return {
    path,
    title: page.title,
    description: page.description,
    tree: titled(page.title, []),
    body: page.body(),
    htmlAppendix,
  };
}

export function contentPages(corpus: Corpus): SitePage[] {
  return [
    fromContent(corpus.pages.about, paths.page('about')),
    fromContent(corpus.pages.contact, paths.page('contact'), contactFormsHtml()),
  ];
}
