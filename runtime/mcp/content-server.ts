import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { API_VERSION } from '../../core/api-versions.ts';
import type { ServiceData } from '../service-data.ts';
import { summaryLookup } from './content-records.ts';
import { FETCH_TOOL } from './fetch-tool.ts';
import { LIST_TOOL } from './list-tool.ts';
import { recordResources } from './record-resources.ts';
import { SEARCH_TOOL } from './search-tool.ts';
import { toolError } from './tool-result.ts';

const TOOLS = [SEARCH_TOOL, FETCH_TOOL, LIST_TOOL];

/**
 * One validator for every server: left to itself, each server (one per request) would make
 * an Ajv instance of its own, which costs several times the tool call it serves.
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/**
 * The MCP server of the content, three read-only tools and the records as resources. What
 * answers every request the same (the tool list and its schemas, the resource templates, the
 * lookup of records) is made once; each request gets a server of its own whose handlers only
 * bind those to the request's origins. The SDK's lower-level Server serves this, which its
 * docs keep for such uses: its McpServer would register every tool and template again, and
 * convert their schemas, on each request of a server that never changes them.
 */
export function contentServers(data: ServiceData) {
  const summaryOf = summaryLookup(data);
  const resources = recordResources({ data, summaryOf });
  const tools = new Map(TOOLS.map((tool) => [tool.name, tool]));
  const toolList = { tools: TOOLS.map((tool) => tool.definition) };
  const info = { name: 'content', title: `${data.siteName} research`, version: API_VERSION };
  const options = {
    jsonSchemaValidator,
    capabilities: { tools: {}, resources: {}, completions: {} },
    instructions: `Read-only access to ${data.siteName}'s published security research: browser threats, an attack-surface glossary, exposures, per-app guidance, AI and agent risks, and posts. Use search to find records, fetch to read one as Markdown, list to go through a collection or find what changed since a date.`,
  };

  return function createContentServer(pageOrigins: readonly string[]): Server {
    const context = { data, summaryOf, pageOrigins };
    const server = new Server(info, options);
    server.setRequestHandler(ListToolsRequestSchema, () => toolList);
    server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
      const tool = tools.get(params.name);
      if (!tool)
        return toolError(
          `There is no tool named "${params.name}": the tools are ${TOOLS.map(({ name }) => name).join(', ')} (tools/list).`,
        );
      return tool.call(context, params.arguments);
    });
    server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => resources.templates);
    server.setRequestHandler(ReadResourceRequestSchema, ({ params }) => resources.read(params.uri));
    server.setRequestHandler(CompleteRequestSchema, ({ params }) => resources.complete(params));
    return server;
  };
}
