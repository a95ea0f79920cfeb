import { createHash } from 'node:crypto';
import type { RateLimitPolicy } from '../core/limits.ts';
import {
  countRequest,
  type RateLimitDecision,
  type RateLimiter,
  type RateWindow,
} from './rate-limit.ts';
import { update, type Store } from './store/store.ts';

/**
 * Counters kept in the store, so a limit holds across every instance that shares it:
 * Netlify runs many short-lived function instances, each with its own memory. Each take
 * is a conditional read-modify-write, so concurrent requests never lose a count.
 * Keys are hashed: the store never lists client addresses or mail recipients.
 */
const PREFIX = 'rate-limits/';

interface StoredWindow extends RateWindow {
  /** When the window ends (ms since the epoch), so a sweep needs no policy to know it is over. */
  expiresAt: number;
}

export function createStoredRateLimiter(
  store: Store,
  name: string,
  policy: RateLimitPolicy,
  now: () => number = Date.now,
): RateLimiter {
  return {
    async take(key) {
      let decision: RateLimitDecision | undefined;
      await update<StoredWindow>(store, `${PREFIX}${name}/${hashKey(key)}`, (current) => {
        const { window, decision: counted } = countRequest(current, policy, now());
        decision = counted;
        return { ...window, expiresAt: window.start + policy.windowSeconds * 1000 };
      });
      return decision!;
    },
  };
}

/** Forgets every window that is over, so the store holds active clients only. Returns how many it removed. */
export async function pruneRateLimits(store: Store, now: number = Date.now()): Promise<number> {
  let removed = 0;
  for (const key of await store.list(PREFIX)) {
    const stored = await store.get<StoredWindow>(key);
    if (stored && stored.value.expiresAt <= now) {
      await store.delete(key);
      removed++;
    }
  }
  return removed;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);
