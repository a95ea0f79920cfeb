import { getParseErrorMessage } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod';
import type { ToolContext } from './tool-context.ts';
import { toolError } from './tool-result.ts';

/** Every tool only reads the build's content: the hints clients use to call it without asking. */
const READ_ONLY_TOOL = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

export interface ToolSpec<Input extends z.ZodObject, Output extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: Input;
  output: Output;
  run(context: ToolContext, args: z.output<Input>): Promise<CallToolResult>;
}

/** A tool as the server offers it: its entry in tools/list, and a call that checks its arguments first. */
export interface ContentTool {
  name: string;
  definition: Tool;
  call(context: ToolContext, args: unknown): Promise<CallToolResult>;
}

/**
 * A tool made once per instance: its JSON Schemas are converted from zod here, by the SDK's
 * own conversion, so tools/list answers with a value made ahead and no request converts them.
 * Arguments that do not fit the input schema are a tool error naming the field, as the SDK's
 * McpServer reports them, so the agent can correct the call.
 */
export function contentTool<Input extends z.ZodObject, Output extends z.ZodObject>(
  spec: ToolSpec<Input, Output>,
): ContentTool {
  const definition: Tool = {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: toJsonSchemaCompat(spec.input, {
      strictUnions: true,
      pipeStrategy: 'input',
    }) as Tool['inputSchema'],
    outputSchema: toJsonSchemaCompat(spec.output, {
      strictUnions: true,
      pipeStrategy: 'output',
    }) as Tool['outputSchema'],
    annotations: READ_ONLY_TOOL,
  };
  return {
    name: spec.name,
    definition,
    async call(context, args) {
      const parsed = spec.input.safeParse(args ?? {});
      if (!parsed.success)
        return toolError(
          `Input validation error: Invalid arguments for tool ${spec.name}: ${getParseErrorMessage(parsed.error)}`,
        );
      return spec.run(context, parsed.data);
    },
  };
}
