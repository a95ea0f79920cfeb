/** The rate limits of the service, as policies: so many requests per window per key. */
export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
}

/** 600 reads per minute per client on every /api/v1 read (docs/api.md, "Limits"). */
export const READ_RATE_LIMIT: RateLimitPolicy = { limit: 600, windowSeconds: 60 };

/** 5 requests per 10 minutes per sender, across the contact endpoints (docs/api.md, "Limits"). */
export const SENDER_RATE_LIMIT: RateLimitPolicy = { limit: 5, windowSeconds: 600 };

/** Our decision: at most 3 acknowledgements a day to one address, whoever types it. */
export const ACKNOWLEDGEMENT_LIMIT: RateLimitPolicy = { limit: 3, windowSeconds: 86_400 };
