import type { Config, Context } from '@netlify/edge-functions';
import { API_VERSIONS } from '../core/api-versions.ts';
import { paths } from '../core/paths.ts';
import { createRateLimiter } from '../runtime/rate-limit.ts';
import { READ_RATE_LIMIT } from '../runtime/read-limits.ts';
import { createReadGate } from '../runtime/read-gate.ts';

/**
 * Netlify Edge Function (Deno) in front of every /api/v1 read, static files included:
 * the per-instance read rate limit and the headers every read carries. The platform
 * rate-limit rule in `config` is the outer backstop across instances.
 */
const limiter = createRateLimiter(READ_RATE_LIMIT);

export default async (request: Request, context: Context): Promise<Response> => {
  const gate = createReadGate({ limiter, versions: API_VERSIONS, docs: new URL(paths.openapi, request.url).href });
  return gate(request, context.ip, () => context.next());
};

export const config: Config = {
  path: ['/api/v1', '/api/v1/*'],
  rateLimit: {
    windowLimit: READ_RATE_LIMIT.limit,
    windowSize: READ_RATE_LIMIT.windowSeconds,
    aggregateBy: ['ip', 'domain'],
  },
};
