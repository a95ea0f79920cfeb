import { paths, twinPath } from '../../../core/paths.ts';
import type { Corpus } from '../../model/corpus.ts';
import { bullets, code, link, paragraph, text, titled } from './mdast-builders.ts';
import type { SitePage } from './site-page.ts';

/**
 * /docs/: where the API's documentation starts. A page rather than a redirect to
 * /docs/api/, so it answers the same on every host (Netlify, a plain mirror, npm start)
 * without a routing rule, and has its Markdown twin like every page.
 */
export function docsIndexPage(corpus: Corpus): SitePage {
  const { apiName } = corpus.site;
  return {
    path: paths.docs,
    title: 'Documentation',
    description: `Where to read about the ${apiName}: the reference, the OpenAPI document, the MCP server for agents, llms.txt and Markdown pages.`,
    tree: titled('Documentation', [
      paragraph(
        text(
          `The ${apiName} is public, read-only and needs no key. Everything it serves is described in these places:`,
        ),
      ),
      bullets([
        [
          link(paths.apiReference, `${apiName} reference`),
          text(': endpoints, parameters, limits and errors in prose.'),
        ],
        [
          link(paths.openapi, 'OpenAPI document'),
          text(
            ': OpenAPI 3.1 for every endpoint, schema and error, for code generators and API tools.',
          ),
        ],
        [
          link(paths.apiIndex, 'API index'),
          text(': every collection with its record count, list URL and item URL template.'),
        ],
        [
          link(paths.agents, 'Connect an agent'),
          text(
            ': the MCP server for AI clients (Claude, ChatGPT, Cursor, VS Code) and how to connect each.',
          ),
        ],
        [
          link(paths.llms, 'llms.txt'),
          text(' and '),
          link(paths.llmsFull, 'llms-full.txt'),
          text(': every page for language models, as links or as one Markdown file.'),
        ],
      ]),
      paragraph(
        text('Every page of the site is also Markdown: send '),
        code('Accept: text/markdown'),
        text(' with its URL, or append '),
        code('index.html.md'),
        text(' to its path, as in '),
        link(twinPath(paths.docs), twinPath(paths.docs)),
        text('.'),
      ),
    ]),
  };
}
