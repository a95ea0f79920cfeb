import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import {
  type CompleteRequest,
  type CompleteResult,
  ErrorCode,
  McpError,
  type ReadResourceResult,
  type ResourceTemplate,
} from '@modelcontextprotocol/sdk/types.js';
import { COLLECTION_KEYS, COLLECTIONS, type CollectionKey } from '../../core/collections.ts';
import { paths } from '../../core/paths.ts';
import type { ToolContext } from './tool-context.ts';

/** Slugs offered to a client completing a resource URI, at most. */
const COMPLETIONS = 100;
/** MCP's code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

export interface RecordResources {
  /** The answer to resources/templates/list, made once. */
  templates: { resourceTemplates: ResourceTemplate[] };
  read(uri: string): Promise<ReadResourceResult>;
  complete(params: CompleteRequest['params']): Promise<CompleteResult>;
}

/**
 * Each record as a resource: one template per collection, its URI the record's page URL and
 * its content the page's Markdown twin. The templates list nothing (a collection can hold
 * thousands of records; search and list find them); a client completes a slug instead.
 */
export function recordResources({
  data,
  summaryOf,
}: Omit<ToolContext, 'pageOrigins'>): RecordResources {
  const templates = COLLECTION_KEYS.map((key) => ({
    key,
    uri: new UriTemplate(data.baseUrl + paths.recordPage(key, '{slug}')),
  }));
  const notFound = (uri: string, key?: CollectionKey) =>
    new McpError(
      RESOURCE_NOT_FOUND,
      `No ${key ? `${key} record` : 'record'} is at ${uri}: use the search or list tool to find records, or a URI of a resource template.`,
    );

  return {
    templates: {
      resourceTemplates: templates.map(({ key, uri }) => ({
        name: `${key}-record`,
        uriTemplate: uri.toString(),
        title: `${COLLECTIONS[key].title} record`,
        description: `${COLLECTIONS[key].description}: one record's page as Markdown.`,
        mimeType: 'text/markdown',
      })),
    },
    async read(uri) {
      for (const { key, uri: template } of templates) {
        const slug = template.match(uri)?.slug;
        if (slug === undefined) continue;
        const ref = typeof slug === 'string' ? { collection: key, slug } : undefined;
        const twin =
          ref && (await summaryOf(ref)) && (await data.twin(paths.recordPage(key, ref.slug)));
        if (!twin) throw notFound(uri, key);
        return { contents: [{ uri, mimeType: 'text/markdown', text: twin }] };
      }
      throw notFound(uri);
    },
    async complete({ ref, argument }) {
      const template =
        ref.type === 'ref/resource' && templates.find(({ uri }) => uri.toString() === ref.uri);
      if (!template)
        throw new McpError(
          ErrorCode.InvalidParams,
          `Nothing completes ${ref.type === 'ref/resource' ? ref.uri : `the prompt ${ref.name}`}: this server completes the slug of its resource templates (resources/templates/list) and has no prompts.`,
        );
      const values =
        argument.name === 'slug'
          ? (await data.summaries(template.key))
              .map((summary) => summary.slug)
              .filter((slug) => slug.startsWith(argument.value))
          : [];
      return {
        completion: {
          values: values.slice(0, COMPLETIONS),
          total: values.length,
          hasMore: values.length > COMPLETIONS,
        },
      };
    },
  };
}
