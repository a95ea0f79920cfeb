import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { API_VERSION } from '../../core/api-versions.ts';
import type { ServiceData } from '../service-data.ts';
import { summaryLookup } from './content-records.ts';
import { FETCH_TOOL, fetchRecord } from './fetch-tool.ts';
import { LIST_TOOL, listRecords } from './list-tool.ts';
import { recordResources } from './record-resources.ts';
import { SEARCH_TOOL, search } from './search-tool.ts';

/**
 * One validator for every server: left to itself, each server (one per request) would make
 * an Ajv instance of its own, which costs several times the tool call it serves.
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/**
 * The MCP server of the content, three read-only tools and the records as resources, made
 * anew for each request from what is made once: the lookup of records and the resource
 * templates. `pageOrigins` are where a record's page URL may point for this request.
 */
export function contentServers(data: ServiceData) {
  const summaryOf = summaryLookup(data);
  const registerResources = recordResources({ data, summaryOf });
  const instructions = `Read-only access to ${data.siteName}'s published security research: browser threats, an attack-surface glossary, exposures, per-app guidance, AI and agent risks, and posts. Use search to find records, fetch to read one as Markdown, list to go through a collection or find what changed since a date.`;

  return function createContentServer(pageOrigins: readonly string[]): McpServer {
    const context = { data, summaryOf, pageOrigins };
    const server = new McpServer(
      { name: 'content', title: `${data.siteName} research`, version: API_VERSION },
      { jsonSchemaValidator, instructions },
    );
    server.registerTool(SEARCH_TOOL.name, SEARCH_TOOL.config, (args) => search(context, args));
    server.registerTool(FETCH_TOOL.name, FETCH_TOOL.config, (args) => fetchRecord(context, args));
    server.registerTool(LIST_TOOL.name, LIST_TOOL.config, (args) => listRecords(context, args));
    registerResources(server);
    return server;
  };
}
