import type { RateLimitPolicy } from '../core/limits.ts';

/**
 * Fixed-window counters per key (a client address, a mail recipient): the window starts
 * at the key's first request. The clock is injected so tests need not wait.
 */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the key's window resets (at least 1). */
  resetSeconds: number;
  policy: RateLimitPolicy;
}

export interface RateLimiter {
  take(key: string): Promise<RateLimitDecision>;
}

export interface RateWindow {
  start: number;
  count: number;
}

/** One request against a key's window: the window to keep and the decision. Shared by every limiter. */
export function countRequest(current: RateWindow | undefined, policy: RateLimitPolicy, time: number): { window: RateWindow; decision: RateLimitDecision } {
  const windowMs = policy.windowSeconds * 1000;
  const fresh = !current || time - current.start >= windowMs;
  const base = fresh ? { start: time, count: 0 } : current;
  const allowed = base.count < policy.limit;
  const window = allowed ? { start: base.start, count: base.count + 1 } : base;
  return {
    window,
    decision: {
      allowed,
      limit: policy.limit,
      remaining: policy.limit - window.count,
      resetSeconds: Math.max(1, Math.ceil((window.start + windowMs - time) / 1000)),
      policy,
    },
  };
}

/**
 * Counters in this instance's memory: for the read limit, which the contract allows per
 * instance and which must cost nothing on the hot path.
 */
export function createMemoryRateLimiter(policy: RateLimitPolicy, now: () => number = Date.now): RateLimiter {
  const windowMs = policy.windowSeconds * 1000;
  const windows = new Map<string, RateWindow>();
  let lastSweep = now();

  return {
    async take(key) {
      const time = now();
      // Forget finished windows now and then, so memory follows active clients, not all clients ever seen.
      if (time - lastSweep >= windowMs) {
        for (const [k, w] of windows) if (time - w.start >= windowMs) windows.delete(k);
        lastSweep = time;
      }
      const { window, decision } = countRequest(windows.get(key), policy, time);
      windows.set(key, window);
      return decision;
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
