import { paths } from '../../core/paths.ts';
import type { Corpus, Page } from '../load-content.ts';
import { titled } from './mdast-builders.ts';
import type { SitePage } from './site-page.ts';

/** Home, about and contact: written by people in content/pages/. */
function fromContent(page: Page, path: string, htmlAppendix?: string): SitePage {
  return { path, title: page.title, description: page.description, tree: titled(page.title, page.tree.children), htmlAppendix };
}

const CONTACT_FORM = `<form class="contact-form" method="post" action="/api/contact" data-endpoint="/api/contact">
  <p><label for="name">Name</label><input id="name" name="name" autocomplete="name" required maxlength="200"></p>
  <p><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254"></p>
  <p><label for="company">Company</label><input id="company" name="company" autocomplete="organization" maxlength="200"></p>
  <p><label for="message">Message</label><textarea id="message" name="message" rows="6" maxlength="5000"></textarea></p>
  <input type="hidden" name="source" value="contact-page">
  <p><button type="submit">Send</button></p>
</form>`;

export function contentPages(corpus: Corpus): SitePage[] {
  return [
    fromContent(corpus.pages.home, paths.home),
    fromContent(corpus.pages.about, paths.page('about')),
    fromContent(corpus.pages.contact, paths.page('contact'), CONTACT_FORM),
  ];
}
