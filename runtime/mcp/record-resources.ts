import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { COLLECTION_KEYS, COLLECTIONS } from '../../core/collections.ts';
import { paths } from '../../core/paths.ts';
import type { ToolContext } from './tool-context.ts';

/** Slugs offered to a client completing a resource URI, at most. */
const COMPLETIONS = 100;
/** MCP's code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

type Register = (server: McpServer) => void;

/**
 * Each record as a resource: one template per collection, its URI the record's page URL and
 * its content the page's Markdown twin. The templates list nothing (a collection can hold
 * thousands of records; search and list find them); a client completes a slug instead.
 * Made once; the result registers them on each request's server.
 */
export function recordResources({ data, summaryOf }: Omit<ToolContext, 'pageOrigins'>): Register {
  const registrations = COLLECTION_KEYS.map((key) => {
    const template = new ResourceTemplate(data.baseUrl + paths.recordPage(key, '{slug}'), {
      list: undefined,
      complete: {
        slug: async (prefix) =>
          (await data.summaries(key))
            .filter((summary) => summary.slug.startsWith(prefix))
            .slice(0, COMPLETIONS)
            .map((summary) => summary.slug),
      },
    });
    const metadata = {
      title: `${COLLECTIONS[key].title} record`,
      description: `${COLLECTIONS[key].description}: one record's page as Markdown.`,
      mimeType: 'text/markdown',
    };
    return (server: McpServer) =>
      server.registerResource(`${key}-record`, template, metadata, async (uri, { slug }) => {
        const ref = typeof slug === 'string' ? { collection: key, slug } : undefined;
        const twin =
          ref && (await summaryOf(ref)) && (await data.twin(paths.recordPage(key, ref.slug)));
        if (!twin)
          throw new McpError(
            RESOURCE_NOT_FOUND,
            `No ${key} record is at ${uri.href}: use the search or list tool to find records.`,
          );
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: twin }] };
      });
  });
  return (server) => {
    for (const register of registrations) register(server);
  };
}
