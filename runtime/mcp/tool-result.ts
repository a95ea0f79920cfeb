import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * A tool's answer: its structured content, and the same as one JSON text block for clients
 * that read only text (the shape ChatGPT connectors expect of `search` and `fetch`).
 */
export function toolResult<T extends Record<string, unknown>>(structured: T): CallToolResult {
  return {
    structuredContent: structured,
    content: [{ type: 'text', text: JSON.stringify(structured) }],
  };
}

/** A failure the agent can act on: what went wrong and what to call instead, as the tool's error. */
export function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}
