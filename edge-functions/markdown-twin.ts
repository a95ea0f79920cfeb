import type { Config, Context } from '@netlify/edge-functions';
import { markdownTwinPath, prefersMarkdown } from '../runtime/markdown-negotiation.ts';

/**
 * Netlify Edge Function (Deno) on pages: a request that prefers text/markdown is
 * rewritten to the page's Markdown twin; _headers add its content type and Vary: Accept.
 */
export default async (request: Request, context: Context): Promise<Response | URL> => {
  const twin = markdownTwinPath(new URL(request.url).pathname);
  if (!twin || !prefersMarkdown(request.headers.get('accept'))) return context.next();
  return new URL(twin, request.url);
};

export const config: Config = {
  path: '/*',
  excludedPath: ['/api/*', '/assets/*', '/_data/*', '/*.md', '/*.txt', '/*.xml', '/*.json'],
};
