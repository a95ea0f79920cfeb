import { createHash } from 'node:crypto';
import type { RateLimitPolicy } from '../core/limits.ts';
import { countRequest, type RateLimitDecision, type RateLimiter, type RateWindow } from './rate-limit.ts';
import { update, type Store } from './store/store.ts';

/**
 * Counters kept in the store, so a limit holds across every instance that shares it:
 * Netlify runs many short-lived function instances, each with its own memory. Each take
 * is a conditional read-modify-write, so concurrent requests never lose a count.
 * Keys are hashed: the store never lists client addresses or mail recipients.
 */
export function createStoredRateLimiter(store: Store, name: string, policy: RateLimitPolicy, now: () => number = Date.now): RateLimiter {
  return {
    async take(key) {
      let decision: RateLimitDecision | undefined;
      await update<RateWindow>(store, `${RATE_LIMIT_PREFIX}${name}/${hashKey(key)}`, (current) => {
        const counted = countRequest(current, policy, now());
        decision = counted.decision;
        return counted.window;
      });
      return decision!;
    },
  };
}

export const RATE_LIMIT_PREFIX = 'rate-limits/';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);
