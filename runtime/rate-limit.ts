/**
 * A fixed-window counter per client, in memory: limits are per server instance, as
 * contract section 8 allows. The clock is injected so tests need not wait.
 */
export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the client's window resets (at least 1). */
  resetSeconds: number;
  policy: RateLimitPolicy;
}

export interface RateLimiter {
  take(key: string): RateLimitDecision;
}

export function createRateLimiter(policy: RateLimitPolicy, now: () => number = Date.now): RateLimiter {
  const windowMs = policy.windowSeconds * 1000;
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();

  const sweep = (time: number) => {
    // Forget finished windows now and then, so memory follows active clients, not all clients ever seen.
    if (time - lastSweep < windowMs) return;
    for (const [key, w] of windows) if (time - w.start >= windowMs) windows.delete(key);
    lastSweep = time;
  };

  return {
    take(key) {
      const time = now();
      sweep(time);
      let w = windows.get(key);
      if (!w || time - w.start >= windowMs) {
        w = { start: time, count: 0 };
        windows.set(key, w);
      }
      const allowed = w.count < policy.limit;
      if (allowed) w.count++;
      return {
        allowed,
        limit: policy.limit,
        remaining: policy.limit - w.count,
        resetSeconds: Math.max(1, Math.ceil((w.start + windowMs - time) / 1000)),
        policy,
      };
    },
  };
}

/** IETF httpapi RateLimit header fields (draft-ietf-httpapi-ratelimit-headers), plus Retry-After when refused. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
    'RateLimit-Policy': `${decision.policy.limit};w=${decision.policy.windowSeconds}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.resetSeconds);
  return headers;
}
