import { paths } from '../../core/paths.ts';
import type { Corpus } from '../model/corpus.ts';
import { type LazyOutput, lazyOutput } from '../model/outputs.ts';
import type { SitePage } from '../render/pages/site-page.ts';
import { latestDate } from '../render/pages/collection-page.ts';

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );

/**
 * The sitemap, signed with what it lists: the base URL and each page's path and date. A
 * build after an edit that changed no page's date, and added or removed no page, leaves it
 * unmade.
 */
export function sitemapXml(
  corpus: Corpus,
  pages: Pick<SitePage, 'path' | 'lastUpdated'>[],
): LazyOutput<string> {
  const { baseUrl } = corpus.site;
  const listed = pages.map((page) => `${page.path}\t${page.lastUpdated ?? ''}`).join('\n');
  return lazyOutput(['sitemap', baseUrl, listed], () => sitemapText(baseUrl, pages));
}

function sitemapText(baseUrl: string, pages: Pick<SitePage, 'path' | 'lastUpdated'>[]): string {
  const urls = pages.map((page) => {
    const lastmod = page.lastUpdated ? `<lastmod>${page.lastUpdated}</lastmod>` : '';
    return `  <url><loc>${escapeXml(baseUrl + page.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** An Atom feed of posts. Its `updated` is the newest post date, never the build time, so builds stay reproducible. */
export function postsFeed(corpus: Corpus): string {
  const base = corpus.site.baseUrl;
  const posts = corpus.records.posts;
  const updated = latestDate(posts.map((p) => p.fields.lastUpdated)) ?? '1970-01-01';
  const entries = posts.map((post) => {
    const f = post.fields;
    return `  <entry>
    <title>${escapeXml(f.title)}</title>
    <link href="${escapeXml(post.url)}"/>
    <id>${escapeXml(post.url)}</id>
    <published>${String(f.published)}T00:00:00Z</published>
    <updated>${f.lastUpdated}T00:00:00Z</updated>
    <author><name>${escapeXml(String(f.author))}</name></author>
    <summary>${escapeXml(f.summary)}</summary>
${(f.tags as string[]).map((t) => `    <category term="${escapeXml(t)}"/>`).join('\n')}
  </entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>${escapeXml(corpus.site.name)} posts</title>
  <subtitle>${escapeXml(corpus.site.description)}</subtitle>
  <link href="${escapeXml(base + paths.feed)}" rel="self"/>
  <link href="${escapeXml(base + paths.collectionPage('posts'))}"/>
  <id>${escapeXml(base + paths.feed)}</id>
  <updated>${updated}T00:00:00Z</updated>
${entries.join('\n')}
</feed>
`;
}

export function robotsTxt(corpus: Corpus): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${corpus.site.baseUrl}${paths.sitemap}\n`;
}
