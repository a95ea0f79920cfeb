import type { Config, Context } from '@netlify/edge-functions';
import { markdownTwinFor } from '../runtime/markdown-negotiation.ts';

/**
 * Netlify Edge Function (Deno) on pages: a request that prefers text/markdown is
 * rewritten to the page's Markdown twin; _headers add its content type and Vary: Accept.
 */
export default async (request: Request, context: Context): Promise<Response | URL> => {
  const twin = markdownTwinFor(request);
  return twin ? new URL(twin, request.url) : context.next();
};

// Literals only, like every function's: test/netlify-bundle.test.ts holds them equal to core/routes.ts.
export const config: Config = {
  path: ['/*'],
  excludedPath: [
    '/api/*',
    '/assets/*',
    '/_data/*',
    '/orgs/*',
    '/sandbox/*',
    '/mcp',
    '/*.md',
    '/*.txt',
    '/*.xml',
    '/*.json',
  ],
};
