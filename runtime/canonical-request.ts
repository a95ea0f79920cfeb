import { isCanonicalPath, refusalAudience } from '../core/canonical-path.ts';
import { HEADER_POLICY, responseKind, SITE_HEADERS, withPolicy } from '../core/header-policy.ts';
import { notFoundResponse } from './responses.ts';

/**
 * The first step of every host: a request whose path is not canonical (core/canonical-path.ts)
 * is a 404 before anything else sees it, the API's JSON Error under /api and /orgs, else the 404
 * page the host serves (`pageNotFound`, which answers with status 404). Undefined for a
 * canonical path. `pathname`, when the host has it, is the path as the client sent it:
 * a URL parser has already resolved `%2e%2e` in the request's URL into `..`, and that
 * into the folder above.
 */
export async function nonCanonicalAnswer(
  request: Request,
  baseUrl: string,
  pageNotFound: () => Promise<Response>,
  pathname = new URL(request.url).pathname,
): Promise<Response | undefined> {
  if (isCanonicalPath(pathname)) return undefined;
  const audience = refusalAudience(pathname);
  if (audience !== 'page')
    return withPolicy(notFoundResponse(baseUrl), responseKind(audience, 404));
  const page = await pageNotFound();
  const headers = new Headers(page.headers);
  for (const [name, value] of Object.entries({
    ...SITE_HEADERS,
    ...HEADER_POLICY['static-not-found'],
  }))
    headers.set(name, value);
  return new Response(page.body, { status: 404, headers });
}
