/** A `tools/call` as a stateless MCP client sends it: one JSON-RPC request per POST to /mcp. */
export function toolCallInit(
  name: string,
  args: Record<string, unknown>,
  id: number | string = 1,
): RequestInit & { headers: Record<string, string> } {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  };
}
