import { COLLECTION_KEYS, COLLECTIONS } from '../../core/collections.ts';
import { paths, twinPath } from '../../core/paths.ts';
import type { Site } from '../load-content.ts';
import { escapeHtml } from '../../core/escape-html.ts';

export { escapeHtml };

const NAV = [
  ...COLLECTION_KEYS.map((key) => ({ href: paths.collectionPage(key), label: COLLECTIONS[key].title })),
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

/** The HTML shell of every page. No inline script or style, so the CSP can forbid both. */
export function layout({ site, path, title, description, main, hasTwin = true }: LayoutInput): string {
  const pageTitle = path === paths.home ? site.name : `${title} | ${site.name}`;
  const nav = NAV.map((n) => `<a href="${n.href}"${n.href === path ? ' aria-current="page"' : ''}>${escapeHtml(n.label)}</a>`).join('\n      ');
  return `<!doctype html>
<html lang="${escapeHtml(site.language)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(pageTitle)}</title>
  <meta name="description" content="${escapeHtml(description)}">
  <link rel="canonical" href="${escapeHtml(site.baseUrl + path)}">
${hasTwin ? `  <link rel="alternate" type="text/markdown" href="${escapeHtml(twinPath(path))}" title="Markdown">\n` : ''}  <link rel="alternate" type="application/atom+xml" href="${paths.feed}" title="${escapeHtml(site.name)} posts">
  <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/assets/site.css">
</head>
<body>
  <header class="site-header">
    <a class="brand" href="/">${escapeHtml(site.name)}</a>
    <nav aria-label="Main">
      ${nav}
    </nav>
    <form class="header-search" role="search" action="${paths.page('search')}" method="get" data-search-box><input name="q" type="search" aria-label="Search" placeholder="Search" maxlength="512"></form>
  </header>
  <main>
${main}
  </main>
  <footer class="site-footer">
    <p><a href="${paths.page('about')}">About</a> · <a href="${paths.apiIndex}">API</a> · <a href="${paths.llms}">llms.txt</a> · <a href="${paths.feed}">Feed</a>${hasTwin ? ` · <a href="${escapeHtml(twinPath(path))}">This page as Markdown</a>` : ''}</p>
  </footer>
  <script src="/assets/search-box.js" defer></script>
</body>
</html>
`;
}
