import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { API_VERSION } from '../../core/api-versions.ts';
import { FETCH_TOOL, fetchRecord } from './fetch-tool.ts';
import { LIST_TOOL, listRecords } from './list-tool.ts';
import { registerRecordResources } from './record-resources.ts';
import { SEARCH_TOOL, search } from './search-tool.ts';
import type { ToolContext } from './tool-context.ts';

/** The MCP server of the content: three read-only tools and the records as resources. */
export function createContentServer(context: ToolContext): McpServer {
  const { siteName } = context.data;
  const server = new McpServer(
    { name: 'content', title: `${siteName} research`, version: API_VERSION },
    {
      instructions: `Read-only access to ${siteName}'s published security research: browser threats, an attack-surface glossary, exposures, per-app guidance, AI and agent risks, and posts. Use search to find records, fetch to read one as Markdown, list to go through a collection or find what changed since a date.`,
    },
  );
  server.registerTool(SEARCH_TOOL.name, SEARCH_TOOL.config, (args) => search(context, args));
  server.registerTool(FETCH_TOOL.name, FETCH_TOOL.config, (args) => fetchRecord(context, args));
  server.registerTool(LIST_TOOL.name, LIST_TOOL.config, (args) => listRecords(context, args));
  registerRecordResources(server, context);
  return server;
}
