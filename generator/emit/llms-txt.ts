import { COLLECTION_KEYS, COLLECTIONS } from '../../core/collections.ts';
import { paths, twinPath } from '../../core/paths.ts';
import type { Corpus } from '../model/corpus.ts';
import { collectionPagePaths } from '../model/site-paths.ts';

/**
 * /llms.txt in the llmstxt.org format: H1, blockquote summary, then H2 sections of
 * `- [name](url): notes` links. Links point at Markdown twins, which agents read best.
 */
export function llmsTxt(corpus: Corpus): string {
  const base = corpus.site.baseUrl;
  const md = (pagePath: string) => base + twinPath(pagePath);
  const lines: string[] = [
    `# ${corpus.site.name}`,
    '',
    `> ${corpus.site.description}`,
    '',
    'Every page of the site has a Markdown twin at its path plus `index.html.md`, and is also served as Markdown to requests with `Accept: text/markdown`. The content API below is public, read-only and needs no key.',
    '',
    '## API',
    '',
    `- [API index](${base}${paths.apiIndex}): every collection with its record count, list URL and item URL template`,
    `- [OpenAPI description](${base}${paths.openapi}): OpenAPI 3.1 for every endpoint, schema and error`,
    `- [API reference](${md(paths.apiReference)}): endpoints, limits and errors in prose`,
    `- [Pricing as JSON](${base}${paths.apiPricing}): plans, trial terms, supported browsers`,
    `- [MCP server](${base}${paths.mcp}): a Model Context Protocol server (Streamable HTTP) with search, fetch and list tools over every collection, for AI agents`,
    `- [Connect an agent](${md(paths.agents)}): how to connect Claude, ChatGPT, Cursor, VS Code or any MCP client to the MCP server`,
    '',
    '## Collections',
    '',
    ...COLLECTION_KEYS.map(
      (key) =>
        `- [${COLLECTIONS[key].title}](${md(paths.collectionPage(key))}): ${COLLECTIONS[key].description}`,
    ),
  ];
  for (const key of COLLECTION_KEYS) {
    lines.push('', `## ${COLLECTIONS[key].title}`, '');
    for (const r of corpus.records[key])
      lines.push(
        `- [${r.fields.title}](${md(paths.recordPage(key, r.slug))}): ${r.fields.summary}`,
      );
  }
  lines.push(
    '',
    '## Optional',
    '',
    `- [Pricing](${md(paths.pricingPage)}): ${corpus.pricing.product} plans and trial terms`,
    `- [About](${md(paths.page('about'))}): ${corpus.pages.about.description}`,
    `- [Contact](${md(paths.page('contact'))}): ${corpus.pages.contact.description}`,
    `- [Search](${md(paths.page('search'))}): how to search every collection, in the browser or through the API`,
    `- [Full text](${base}${paths.llmsFull}): every page's Markdown in one file`,
    '',
  );
  return lines.join('\n');
}

/**
 * /llms-full.txt: every twin, in the order of llms.txt, separated so each starts on its
 * own H1. One part per page: its separator, then its twin, so the file is its parts put end
 * to end.
 */
export function llmsFullParts(corpus: Corpus): { pagePath: string; prefix: string }[] {
  const order = [
    paths.home,
    paths.docs,
    paths.agents,
    paths.apiReference,
    ...COLLECTION_KEYS.flatMap((key) => [
      ...collectionPagePaths(key, corpus.records[key].length),
      ...corpus.records[key].map((r) => paths.recordPage(key, r.slug)),
    ]),
    paths.pricingPage,
    paths.page('about'),
    paths.page('contact'),
    paths.page('search'),
  ];
  return order.map((pagePath, i) => ({
    pagePath,
    prefix: `${i ? '\n---\n\n' : ''}<!-- ${corpus.site.baseUrl}${pagePath} -->\n\n`,
  }));
}
