import { thanksPath } from '../../../core/forms/forms.ts';
import { paths } from '../../../core/paths.ts';
import { SUBMISSION_KINDS, type SubmissionKind } from '../../../core/submissions.ts';
import type { Corpus } from '../../model/corpus.ts';
import { link, paragraph, text, titled } from './mdast-builders.ts';
import type { SitePage } from './site-page.ts';

/**
 * Where a form post that was accepted is sent (303 See Other), one page per form: what was
 * done, and what happens next. forms.js shows the same heading and text in place of the
 * form. Not in the sitemap: they answer a form, they are not content.
 */
export function thanksPages(corpus: Corpus): SitePage[] {
  const address = corpus.site.contactEmail;
  const writeTo = (before: string) =>
    paragraph(text(before), link(`mailto:${address}`, address), text('.'));
  const again = 'Sending the form again with the same address changes nothing.';
  const pages: Record<
    SubmissionKind,
    { title: string; description: string; body: ReturnType<typeof paragraph>[] }
  > = {
    contact: {
      title: 'Message sent',
      description: 'Your message has reached the team.',
      body: [
        paragraph(
          text(
            'Thank you for writing. Your message has reached the team, and a person will answer it by email, at the address you gave.',
          ),
        ),
        paragraph(
          text(
            'A short confirmation is on its way to that address. It does not repeat your message. If it does not arrive, look in your spam folder: your message reached us either way, so there is no need to send it again.',
          ),
        ),
        writeTo('To add something, write to '),
      ],
    },
    newsletter: {
      title: 'You are subscribed',
      description: 'Your address is on the newsletter list.',
      body: [
        paragraph(
          text(
            'Thank you. The next newsletter goes to the address you gave, with new research and product notes. There is nothing to confirm.',
          ),
        ),
        paragraph(text(again)),
        writeTo('To leave the list, write to '),
      ],
    },
    waitlist: {
      title: 'You are on the waitlist',
      description: 'Your address is on the waitlist.',
      body: [
        paragraph(
          text(
            'Thank you. We will write to the address you gave when there is room for your team.',
          ),
        ),
        paragraph(text(`${again} You keep your place.`)),
        writeTo('To be taken off the waitlist, write to '),
      ],
    },
    'sandbox-early-access': {
      title: 'Early access requested',
      description: 'Your request for sandbox early access is registered.',
      body: [
        paragraph(
          text(
            'Thank you. Your request for sandbox early access is registered; we will write to the address you gave when we can let you in.',
          ),
        ),
        paragraph(text(again)),
        writeTo('To withdraw your request, write to '),
      ],
    },
  };
  return SUBMISSION_KINDS.map((kind) => ({
    path: thanksPath(kind),
    title: pages[kind].title,
    description: pages[kind].description,
    tree: titled(pages[kind].title, pages[kind].body),
    htmlAppendix: `<p class="thanks-back"><a href="${paths.page('contact')}">Back to the contact page</a> · <a href="${paths.home}">Home page</a></p>`,
  }));
}
