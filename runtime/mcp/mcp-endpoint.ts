import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { JSON_TYPE } from '../../core/header-policy.ts';
import type { ServiceData } from '../service-data.ts';
import { summaryLookup } from './content-records.ts';
import { createContentServer } from './content-server.ts';

/** An MCP request is a few hundred bytes; no tool call needs more than this. */
export const MCP_MAX_BODY_BYTES = 64 * 1024;

export interface McpEndpointOptions {
  data: ServiceData;
  /** Browser origins allowed besides the site's own (allowed-origins.ts). */
  allowedOrigins?: readonly string[];
}

/** A JSON-RPC error with no id: what the transport answers for a request it cannot take, and so do we. */
function rpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(
    `${JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null })}\n`,
    {
      status,
      headers: { 'Content-Type': JSON_TYPE, ...headers },
    },
  );
}

/**
 * POST /mcp: the Model Context Protocol over Streamable HTTP, stateless and answered in
 * JSON (docs/api.md, "MCP"). Every request gets its own server and transport, so nothing of
 * one client's exchange can reach another's, and no session or stream outlives the request.
 */
export function createMcpEndpoint({ data, allowedOrigins = [] }: McpEndpointOptions) {
  const origins = new Set([new URL(data.baseUrl).origin, ...allowedOrigins]);
  const summaryOf = summaryLookup(data);

  return async function mcpEndpoint(request: Request): Promise<Response> {
    const origin = request.headers.get('origin');
    if (origin !== null && !origins.has(origin)) {
      return rpcError(
        403,
        `Origin ${origin} may not call this MCP endpoint. Connect from an MCP client rather than a web page, or ask the site's operator to add the origin to MCP_ALLOWED_ORIGINS.`,
      );
    }
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          Allow: 'POST',
          'Access-Control-Allow-Methods': 'POST',
          'Access-Control-Allow-Headers': 'Content-Type, Accept, Mcp-Protocol-Version',
          'Access-Control-Max-Age': '86400',
        },
      });
    }
    if (request.method !== 'POST') {
      // A GET would open a stream of server messages: a stateless server has none to send.
      return rpcError(
        405,
        `${request.method} is not supported on /mcp: this MCP endpoint is stateless and takes JSON-RPC messages by POST only.`,
        { Allow: 'POST' },
      );
    }
    const server = createContentServer({
      data,
      summaryOf,
      origins: [new URL(data.baseUrl).origin, new URL(request.url).origin],
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MCP_MAX_BODY_BYTES,
    });
    try {
      await server.connect(transport);
      return await transport.handleRequest(request);
    } finally {
      await server.close();
    }
  };
}
