import type { ApiVersion } from '../core/api-versions.ts';
import { paths } from '../core/paths.ts';
import { PUBLIC_READ, responseKind, withPolicy } from '../core/header-policy.ts';
import { clientKey } from './client-address.ts';
import { withContentTag } from './content-tag.ts';
import { deprecationHeaders, versionOf } from './deprecation.ts';
import { rateLimitHeaders, type RateLimiter } from './rate-limit.ts';
import { readRoute } from './read-routes.ts';
import { errorResponse, notFoundResponse } from './responses.ts';

/**
 * The one gate in front of every /api/v1 read, static or not: the per-client rate limit,
 * the headers every read response carries (RateLimit-*, CORS, and Deprecation/Sunset when
 * the version is being retired), the JSON 404 for a path no file or function answers, and
 * an ETag on the manifest of versions wherever the host gave it none (content-tag.ts).
 */
export interface ReadGateOptions {
  limiter: RateLimiter;
  versions: ApiVersion[];
  /** The site's configured address, for the `docs` and `hint` URLs of the gate's own Errors and the successor Link: never the request's Host. */
  baseUrl: string;
}

export function createReadGate({ limiter, versions, baseUrl }: ReadGateOptions) {
  const docs = baseUrl + paths.openapi;
  return async function gate(
    request: Request,
    client: string,
    next: () => Promise<Response>,
  ): Promise<Response> {
    const url = new URL(request.url);
    const decision = await limiter.take(clientKey(client));
    const extra: Record<string, string> = {
      ...rateLimitHeaders(decision),
      ...deprecationHeaders(versionOf(url.pathname, versions), baseUrl),
    };
    let response = decision.allowed
      ? await next()
      : errorResponse(
          'rate_limited',
          `Too many requests: the limit is ${decision.limit} per ${decision.policy.windowSeconds} seconds per client.`,
          `Wait ${decision.resetSeconds} seconds (Retry-After) before the next request, or cache responses.`,
          docs,
        );
    if (readRoute(url.pathname).kind === 'manifest')
      response = await withContentTag(request, response);
    // A read path nothing serves gets the host's own 404 (an HTML page, or no body at all),
    // whatever headers the host adds to it: every 404 of the API is the same Error object.
    if (response.status === 404) {
      await response.body?.cancel();
      response = notFoundResponse(baseUrl);
    }
    // Errors get their kind's headers whoever made them; a document keeps the static host's (its `_headers`).
    if (response.status >= 400)
      response = withPolicy(response, responseKind('public-read', response.status));
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries({ ...PUBLIC_READ, ...extra }))
      headers.set(name, value);
    // HEAD answers like GET, without the body.
    const body = request.method === 'HEAD' ? null : response.body;
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
