import type { Config, Context } from '@netlify/edge-functions';
import { API_VERSIONS } from '../core/api-versions.ts';
import { READ_RATE_LIMIT } from '../core/limits.ts';
import { paths } from '../core/paths.ts';
import { configuredBaseUrl } from '../runtime/configured-base-url.ts';
import { createMemoryRateLimiter } from '../runtime/rate-limit.ts';
import { createReadGate } from '../runtime/read-gate.ts';
import { guardHandler } from '../runtime/request-guard.ts';

/**
 * Netlify Edge Function (Deno) in front of every /api/v1 read, static files included, and /mcp:
 * the per-instance read rate limit, the headers every read carries, and the JSON 404.
 * The platform rate-limit rule in `config` is the outer backstop across instances.
 */
const limiter = createMemoryRateLimiter(READ_RATE_LIMIT);

export default async (request: Request, context: Context): Promise<Response> => {
  // Netlify sets the site's variables on the first request, not when the module loads.
  const baseUrl = configuredBaseUrl((name) => Netlify.env.get(name));
  const gate = createReadGate({ limiter, versions: API_VERSIONS, baseUrl });
  return guardHandler({ docs: baseUrl + paths.openapi }, () =>
    gate(request, context.ip, () => context.next()),
  )(request, context);
};

// Literals only, like every function's: test/netlify-bundle.test.ts holds them equal to core/routes.ts.
export const config: Config = {
  path: ['/api/v1', '/api/v1/*', '/mcp'],
  rateLimit: { windowLimit: 600, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
