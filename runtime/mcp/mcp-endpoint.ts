import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { JSON_TYPE } from '../../core/header-policy.ts';
import type { ServiceData } from '../service-data.ts';
import { contentServers } from './content-server.ts';

/** An MCP request is a few hundred bytes; no tool call needs more than this. */
const MCP_MAX_BODY_BYTES = 64 * 1024;

export interface McpEndpointOptions {
  data: ServiceData;
  /** Browser origins allowed besides the site's own (allowed-origins.ts). */
  allowedOrigins?: readonly string[];
}

/** JSON-RPC's code for a body that is not JSON; -32000 is the transport's for a request it refuses. */
const PARSE_ERROR = -32700;
const REFUSED = -32000;

/** A JSON-RPC error with no id: what the transport answers for a request it cannot take, and so do we. */
function rpcError(
  status: number,
  message: string,
  { code = REFUSED, headers = {} }: { code?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(
    `${JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null })}\n`,
    {
      status,
      headers: { 'Content-Type': JSON_TYPE, ...headers },
    },
  );
}

/**
 * POST /mcp: the Model Context Protocol over Streamable HTTP, stateless and answered in
 * JSON (docs/api.md, "MCP for agents"). Every request gets its own server and transport, so
 * nothing of one client's exchange can reach another's, and no session or stream outlives
 * the request.
 */
export function createMcpEndpoint({ data, allowedOrigins = [] }: McpEndpointOptions) {
  const siteOrigin = new URL(data.baseUrl).origin;
  const browserOrigins = new Set([siteOrigin, ...allowedOrigins]);
  const createContentServer = contentServers(data);

  return async function mcpEndpoint(request: Request): Promise<Response> {
    const origin = request.headers.get('origin');
    if (origin !== null && !browserOrigins.has(origin)) {
      return rpcError(
        403,
        "This request's Origin may not call this MCP endpoint: only the site's own pages and the origins in MCP_ALLOWED_ORIGINS may. Connect from an MCP client rather than a web page, or ask the site's operator to add the origin.",
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
        { headers: { Allow: 'POST' } },
      );
    }
    const server = createContentServer([siteOrigin, new URL(request.url).origin]);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MCP_MAX_BODY_BYTES,
    });
    // Left to the garbage collector, not closed: in JSON mode the answer is whole once it is
    // returned, and nothing of the pair outlives the request. Closing would only build an
    // error for a connection nobody waits on.
    await server.connect(transport);
    // A JSON body of declared length within the cap is parsed here, at the handler's edge:
    // the host reads such a body in one step (Node never lets a body outrun its
    // Content-Length), where the transport would read it as a stream. Any other body is the
    // transport's to read and refuse, up to the cap.
    const declared = request.headers.get('content-length');
    const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (
      declared !== null &&
      Number(declared) <= MCP_MAX_BODY_BYTES &&
      type === 'application/json'
    ) {
      let parsedBody: unknown;
      try {
        parsedBody = JSON.parse(await request.text());
      } catch {
        return rpcError(400, 'Parse error: Invalid JSON', { code: PARSE_ERROR });
      }
      return transport.handleRequest(request, { parsedBody });
    }
    return transport.handleRequest(request);
  };
}
