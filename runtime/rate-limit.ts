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
export function countRequest(
  current: RateWindow | undefined,
  policy: RateLimitPolicy,
  time: number,
): { window: RateWindow; decision: RateLimitDecision } {
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
 * How many clients the in-memory limiter keeps at once: a bound on its memory however
 * many addresses a flood uses.
 */
export const MEMORY_RATE_LIMIT_CLIENTS = 50_000;

export interface MemoryRateLimiter extends RateLimiter {
  /** How many clients' windows are kept now. */
  readonly size: number;
}

/**
 * Counters in this instance's memory: for the read limit, which is documented as per
 * instance and which must cost nothing on the hot path. Memory follows the clients of
 * the last window, never every client ever seen: windows are kept in the order they
 * started, so finished ones are dropped from the front as requests come, and when
 * `maxKeys` clients are active at once the one whose window started first is forgotten
 * (it starts a fresh window: failing open for the oldest beats refusing every newcomer,
 * which a flood of addresses would turn against everyone).
 */
export function createMemoryRateLimiter(
  policy: RateLimitPolicy,
  now: () => number = Date.now,
  maxKeys = MEMORY_RATE_LIMIT_CLIENTS,
): MemoryRateLimiter {
  const windowMs = policy.windowSeconds * 1000;
  const windows = new Map<string, RateWindow>();

  return {
    get size() {
      return windows.size;
    },
    async take(key) {
      const time = now();
      for (const [oldest, window] of windows) {
        if (time - window.start < windowMs) break;
        windows.delete(oldest);
      }
      // A finished window was dropped just above, so a new one goes to the back: the map stays in order of window start.
      const { window, decision } = countRequest(windows.get(key), policy, time);
      windows.set(key, window);
      if (windows.size > maxKeys) windows.delete(windows.keys().next().value!);
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
