import { COLLECTION_KEYS, COLLECTIONS, type CollectionKey } from '../../core/collections.ts';
import { paths, twinPath } from '../../core/paths.ts';
import { SLUG_PATTERN_SOURCE } from './schemas/api.ts';

/** The tag of the files beside the API that programs read: llms.txt, twins, sitemap and feed. */
export const SITE_FILES_TAG = {
  name: 'Machine-readable files',
  description:
    'Static files of the website written for programs and language models, without a rate limit; any origin may read the llms files and the Markdown twins',
};

/** A static file's answer to a Range beyond its end, as npm start, nginx and Caddy give it (HTTP's own rule, RFC 9110). */
const rangeRefused = {
  '416': { description: 'The byte range asked for (Range) lies beyond the file' },
};

const text = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: { type: 'string' } } },
});

const siteFile = (operationId: string, summary: string, ok: object, extra: object = {}) => ({
  get: {
    operationId,
    tags: [SITE_FILES_TAG.name],
    security: [],
    summary,
    responses: { '200': ok, ...extra, ...rangeRefused },
  },
});

const twinOperationId = (key: CollectionKey) => `${COLLECTIONS[key].getOperation}Markdown`;

/**
 * The machine-readable files of the website as OpenAPI paths, so that a client generated
 * from the document reaches them like any endpoint. The API's own OpenAPI document is a
 * read of the API (openapi.ts).
 */
export const siteFilePaths = () => ({
  [paths.llms]: siteFile(
    'getLlmsTxt',
    'Overview of the site for language models',
    text('text/plain', 'llms.txt: what the site holds, with a link to each page and its Markdown'),
  ),
  [paths.llmsFull]: siteFile(
    'getLlmsFullTxt',
    'Every page of the site in Markdown, in one file',
    text('text/plain', "Every page's Markdown twin, each headed by its URL"),
  ),
  [paths.sitemap]: siteFile(
    'getSitemap',
    'Sitemap of every page',
    text('application/xml', 'A sitemap (sitemaps.org) of every page'),
  ),
  [paths.feed]: siteFile(
    'getPostsFeed',
    'Atom feed of the posts',
    text('application/atom+xml', 'The posts, newest first'),
  ),
  ...Object.fromEntries(
    COLLECTION_KEYS.map((key) => [
      twinPath(paths.recordPage(key, '{slug}')),
      {
        ...siteFile(
          twinOperationId(key),
          `One record of ${key} as Markdown, as its page reads`,
          text('text/markdown', "The page's Markdown twin"),
          {
            '404': text('text/html', "No record has this slug: the site's page for a missing page"),
          },
        ),
        parameters: [
          {
            name: 'slug',
            in: 'path',
            required: true,
            schema: { type: 'string', pattern: SLUG_PATTERN_SOURCE },
          },
        ],
      },
    ]),
  ),
});
