import type { RootContent } from 'mdast';
import { COLLECTIONS } from '../../../core/collections.ts';
import { paths } from '../../../core/paths.ts';
import type { ContentRecord, Corpus } from '../../model/corpus.ts';
import { newestFirst } from '../../model/record-order.ts';
import {
  classed,
  date,
  heading,
  link,
  list,
  listItem,
  looseList,
  paragraph,
  text,
  titled,
} from './mdast-builders.ts';
import type { SitePage } from './site-page.ts';

export const NEWEST_POSTS = 4;
export const HIGHLIGHTED_THREATS = 4;

/** A record as the home page shows it. */
interface Shown {
  slug: string;
  title: string;
  summary: string;
}

export interface HomeHighlights {
  posts: (Shown & { published: string; author: string })[];
  /** With how many app guides and AI risks cite each. */
  threats: (Shown & { citations: number })[];
}

const shown = (record: ContentRecord): Shown => ({
  slug: record.slug,
  title: record.fields.title,
  summary: record.fields.summary,
});

/**
 * What the home page shows from the records: the newest posts (lists already put posts
 * newest first), and the threats our app guides and AI risks cite most, since those are the
 * ones readers meet across the site (threats have no severity); ties go to the threat
 * updated last, then by title. Everything here enters the home page's signature.
 */
export function homeHighlights(corpus: Corpus): HomeHighlights {
  const citations = new Map<string, number>();
  for (const record of [...corpus.records.apps, ...corpus.records.ai]) {
    const related = record.fields.relatedThreats;
    if (!Array.isArray(related)) continue;
    for (const slug of new Set(related.map(String)))
      citations.set(slug, (citations.get(slug) ?? 0) + 1);
  }
  // Sorting a copy keeps the list's own order (by title) as the last tie-breaker.
  const threats = corpus.records.threats
    .map((record) => ({
      record,
      citations: citations.get(record.slug) ?? 0,
      updated: record.fields.lastUpdated,
    }))
    .sort((a, b) => b.citations - a.citations || newestFirst(a.updated, b.updated))
    .slice(0, HIGHLIGHTED_THREATS)
    .map(({ record, citations }) => ({ ...shown(record), citations }));
  const posts = corpus.records.posts.slice(0, NEWEST_POSTS).map((record) => ({
    ...shown(record),
    published: String(record.fields.published),
    author: String(record.fields.author),
  }));
  return { posts, threats };
}

/**
 * The calls to action. The forms live on the contact page, under the anchors the
 * contact page keeps; a trial of sandbox starts with its early-access form.
 */
const ACTIONS: [href: string, label: string][] = [
  [`${paths.page('contact')}#sandbox`, 'Start a sandbox trial'],
  [`${paths.page('contact')}#waitlist`, 'Join the waitlist'],
  [paths.collectionPage('posts'), 'Read the research'],
  [paths.apiReference, 'Use the API'],
];

/**
 * The home page: the text people write in content/pages/home.md, with the parts the build
 * composes around it: the calls to action under the title, then the newest posts and the
 * highlighted threats.
 */
export function homePage(corpus: Corpus, highlights: HomeHighlights): SitePage {
  const page = corpus.pages.home;
  const tail: RootContent[] = [
    heading(2, 'Newest research'),
    classed(
      looseList(
        highlights.posts.map((post) =>
          listItem(
            paragraph(link(paths.recordPage('posts', post.slug), post.title)),
            paragraph(date(post.published), text(` · ${post.author}`)),
            paragraph(text(post.summary)),
          ),
        ),
      ),
      'cards',
    ),
    paragraph(
      link(paths.collectionPage('posts'), 'All posts'),
      text(' · '),
      link(paths.feed, 'Atom feed'),
    ),
    heading(2, 'Threats to know'),
    paragraph(
      text(`The ${COLLECTIONS.threats.title.toLowerCase()} our app guides and AI risks cite most.`),
    ),
    classed(
      looseList(
        highlights.threats.map((threat) =>
          listItem(
            paragraph(link(paths.recordPage('threats', threat.slug), threat.title)),
            paragraph(
              text(
                threat.citations === 1
                  ? 'Cited by 1 app or AI risk page'
                  : `Cited by ${threat.citations} app and AI risk pages`,
              ),
            ),
            paragraph(text(threat.summary)),
          ),
        ),
      ),
      'cards',
    ),
    paragraph(
      link(paths.collectionPage('threats'), `All ${COLLECTIONS.threats.title.toLowerCase()}`),
    ),
  ];
  return {
    path: paths.home,
    title: page.title,
    description: page.description,
    tree: titled(page.title, [
      classed(paragraph(text(page.description)), 'lead'),
      classed(
        list(ACTIONS.map(([href, label]) => listItem(paragraph(link(href, label))))),
        'actions',
      ),
    ]),
    body: page.body(),
    tail,
  };
}
