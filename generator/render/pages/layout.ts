import { assetPath } from '../asset-names.ts';
import { COLLECTION_KEYS, COLLECTIONS } from '../../../core/collections.ts';
import { paths, twinPath } from '../../../core/paths.ts';
import { MAX_QUERY_LENGTH } from '../../../core/search-options.ts';
import { BRAND } from '../brand.ts';
import type { Site } from '../../model/corpus.ts';
import { escapeHtml } from '../../../core/escape-html.ts';
import {
  SOCIAL_IMAGE,
  socialImageAlt,
  socialImageOf,
  socialImagePath,
  TOUCH_ICON_PATH,
} from '../social/social-image.ts';
import { FAVICON_PATH, headerLogo } from '../logo.ts';

export { escapeHtml };

const NAV = [
  ...COLLECTION_KEYS.map((key) => ({
    href: paths.collectionPage(key),
    label: COLLECTIONS[key].title,
  })),
  { href: paths.pricingPage, label: 'Pricing' },
  { href: paths.apiReference, label: 'API' },
  { href: paths.page('contact'), label: 'Contact' },
];

export interface LayoutInput {
  site: Site;
  path: string;
  title: string;
  description: string;
  main: string;
  /** Pages without a twin (the 404 page) pass false. */
  hasTwin?: boolean;
}

/** Open Graph and Twitter card tags: what a link preview shows. Every URL absolute, from the site's base URL. */
function socialTags(site: Site, path: string, title: string, description: string): string {
  const image = socialImageOf(path);
  const isRecord = image !== 'site' && path.split('/').filter(Boolean).length === 2;
  const alt = socialImageAlt(image, site.name);
  const imageUrl = site.baseUrl + socialImagePath(image);
  const tags: [attribute: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:type', isRecord ? 'article' : 'website'],
    ['property', 'og:site_name', site.name],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', site.baseUrl + path],
    ['property', 'og:image', imageUrl],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(SOCIAL_IMAGE.width)],
    ['property', 'og:image:height', String(SOCIAL_IMAGE.height)],
    ['property', 'og:image:alt', alt],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', imageUrl],
    ['name', 'twitter:image:alt', alt],
  ];
  return tags
    .map(
      ([attribute, key, value]) => `  <meta ${attribute}="${key}" content="${escapeHtml(value)}">`,
    )
    .join('\n');
}

/** The HTML shell of every page. No inline script or style, so the CSP can forbid both. */
export function layout({
  site,
  path,
  title,
  description,
  main,
  hasTwin = true,
}: LayoutInput): string {
  const pageTitle = path === paths.home ? `${site.name}: ${title}` : `${title} | ${site.name}`;
  const nav = NAV.map(
    (n) =>
      `<a href="${n.href}"${n.href === path ? ' aria-current="page"' : ''}>${escapeHtml(n.label)}</a>`,
  ).join('\n        ');
  return `<!doctype html>
<html lang="${escapeHtml(site.language)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(pageTitle)}</title>
  <meta name="description" content="${escapeHtml(description)}">
  <link rel="canonical" href="${escapeHtml(site.baseUrl + path)}">
  <meta name="color-scheme" content="light dark">
  <meta name="theme-color" content="${BRAND.accent}" media="(prefers-color-scheme: light)">
  <meta name="theme-color" content="${BRAND.night}" media="(prefers-color-scheme: dark)">
${socialTags(site, path, title, description)}
${hasTwin ? `  <link rel="alternate" type="text/markdown" href="${escapeHtml(twinPath(path))}" title="Markdown">\n` : ''}  <link rel="alternate" type="application/atom+xml" href="${paths.feed}" title="${escapeHtml(site.name)} posts">
  <link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
  <link rel="apple-touch-icon" href="${TOUCH_ICON_PATH}">
  <link rel="stylesheet" href="${assetPath('site.css')}">
</head>
<body>
  <a class="skip-link" href="#main">Skip to content</a>
  <header class="site-header">
    <div class="header-bar">
      <a class="brand" href="/">${headerLogo}<span>${escapeHtml(site.name)}</span></a>
      <nav aria-label="Main">
        ${nav}
      </nav>
      <form class="header-search" role="search" action="${paths.page('search')}" method="get" data-search-box><input name="q" type="search" aria-label="Search" placeholder="Search" maxlength="${MAX_QUERY_LENGTH}"></form>
    </div>
  </header>
  <main id="main">
${main}
  </main>
  <footer class="site-footer">
    <p><a href="${paths.page('about')}">About</a> · <a href="${paths.apiIndex}">API</a> · <a href="${paths.llms}">llms.txt</a> · <a href="${paths.feed}">Feed</a>${hasTwin ? ` · <a href="${escapeHtml(twinPath(path))}">This page as Markdown</a>` : ''}</p>
  </footer>
  <script type="module" src="${assetPath('search-box.js')}"></script>
</body>
</html>
`;
}
