import type { RateLimitPolicy } from './rate-limit.ts';

/** Contract section 8: 600 reads per minute per client on every /api/v1 read. */
export const READ_RATE_LIMIT: RateLimitPolicy = { limit: 600, windowSeconds: 60 };
