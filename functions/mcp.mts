import type { Config, Context } from '@netlify/functions';
import { allowedOriginsFrom } from '../runtime/mcp/allowed-origins.ts';
import { createMcpEndpoint } from '../runtime/mcp/mcp-endpoint.ts';
import { guardHandler } from '../runtime/request-guard.ts';
import { functionDataDir, loadServiceData } from '../runtime/service-data.ts';

/**
 * Netlify Function: the MCP endpoint for agents. The read gate edge function in front of it
 * applies the read rate limit. Its tools read the build's dist/_data/, its static search
 * index and the pages' Markdown twins, bundled with it (netlify.toml included_files).
 */
const data = await loadServiceData(functionDataDir());
const mcp = createMcpEndpoint({
  data,
  allowedOrigins: allowedOriginsFrom((name) => process.env[name]),
});

export default guardHandler<Context>({ audience: 'mcp', docs: data.docs }, (request) =>
  mcp(request),
);

// Literals only: Netlify reads this statically. test/netlify-bundle.test.ts holds it equal to core/routes.ts.
export const config: Config = { path: ['/mcp'] };
