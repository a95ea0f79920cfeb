import type { RateLimitPolicy } from '../rate-limit.ts';

/** Contract section 8: 5 requests per 10 minutes per sender, across the contact endpoints. */
export const SENDER_RATE_LIMIT: RateLimitPolicy = { limit: 5, windowSeconds: 600 };

/** Our decision: at most 3 acknowledgements a day to one address, whoever types it. */
export const ACKNOWLEDGEMENT_LIMIT: RateLimitPolicy = { limit: 3, windowSeconds: 86_400 };
