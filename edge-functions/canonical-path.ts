import type { Config, Context } from '@netlify/edge-functions';
import { isCanonicalPath } from '../core/canonical-path.ts';
import { paths } from '../core/paths.ts';
import { nonCanonicalAnswer } from '../runtime/canonical-request.ts';
import { configuredBaseUrl } from '../runtime/configured-base-url.ts';
import { guardHandler } from '../runtime/request-guard.ts';

/**
 * Netlify Edge Function in front of every path, first of all (Netlify runs edge functions
 * in alphabetical order): a path that is not canonical is a 404, the JSON Error under /api
 * and /orgs, else the site's 404 page. A canonical path continues untouched.
 */
export default async (request: Request, context: Context): Promise<Response | undefined> => {
  if (isCanonicalPath(new URL(request.url).pathname)) return undefined;
  const baseUrl = configuredBaseUrl((name) => Netlify.env.get(name));
  const pageNotFound = () => context.next(new Request(new URL('/404.html', request.url)));
  return guardHandler(
    { docs: baseUrl + paths.openapi },
    async () => (await nonCanonicalAnswer(request, baseUrl, pageNotFound)) ?? context.next(),
  )(request, context);
};

// Literals only, like every function's: test/netlify-bundle.test.ts holds them equal to core/routes.ts.
export const config: Config = {
  path: ['/*'],
  excludedPath: ['/api/contact', '/api/newsletter', '/api/waitlist', '/api/sandbox-early-access'],
};
