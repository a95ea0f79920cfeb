import type { ApiVersion } from '../core/api-versions.ts';
import { deprecationHeaders, versionOf } from './deprecation.ts';
import { rateLimitHeaders, type RateLimiter } from './rate-limit.ts';
import { errorResponse } from './responses.ts';

/**
 * The one gate in front of every /api/v1 read, static or not: the per-client rate limit
 * and the headers every read response carries (RateLimit-*, CORS, and Deprecation/Sunset
 * when the version is being retired).
 */
export interface ReadGateOptions {
  limiter: RateLimiter;
  versions: ApiVersion[];
  /** The `docs` URL of the 429 Error. */
  docs: string;
}

export function createReadGate({ limiter, versions, docs }: ReadGateOptions) {
  return async function gate(request: Request, client: string, next: () => Promise<Response>): Promise<Response> {
    const url = new URL(request.url);
    const decision = limiter.take(client);
    const extra: Record<string, string> = {
      ...rateLimitHeaders(decision),
      ...deprecationHeaders(versionOf(url.pathname, versions), url.origin),
      'Access-Control-Allow-Origin': '*',
    };
    const response = decision.allowed
      ? await next()
      : errorResponse(
          'rate_limited',
          `Too many requests: the limit is ${decision.limit} per ${decision.policy.windowSeconds} seconds per client.`,
          `Wait ${decision.resetSeconds} seconds (Retry-After) before the next request, or cache responses.`,
          docs,
        );
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    // HEAD answers like GET, without the body.
    const body = request.method === 'HEAD' ? null : response.body;
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}
