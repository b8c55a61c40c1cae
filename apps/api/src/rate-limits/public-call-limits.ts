import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { spend } from "./account-limits.ts";
import { addressKey } from "./client-address.ts";
import { createLimiter, type LimiterStore } from "./limiter-store.ts";
import type { PublicCall, PublicCallPolicy } from "./public-call-policy.ts";

export interface PublicCallLimits {
  /**
   * One request to `call` from the visitor at `ip` (the envelope's `ip`, as the web tier or a
   * partner reports it, never the socket's: the web tier's own calls all come from one
   * address); over the call's budget → 429 `RATE_LIMITED` with `Retry-After`.
   */
  throttle(call: PublicCall, ip: string): Promise<void>;
}

/**
 * A budget per client address for each costly public call, each its own bucket (a burst of
 * orders leaves the receipt upload usable), in the store the account limits share: Redis,
 * else PostgreSQL's `rate_limits`, else memory (docs/decisions/036-public-call-rate-limits.md).
 */
export function createPublicCallLimits(
  store: LimiterStore,
  policy: PublicCallPolicy,
): PublicCallLimits {
  const limiters = new Map<PublicCall, RateLimiterAbstract>();
  const limiterFor = (call: PublicCall) => {
    let limiter = limiters.get(call);
    if (!limiter) {
      limiter = createLimiter(store, {
        prefix: `call_${call}`,
        points: policy[call].points,
        durationSeconds: policy[call].seconds,
      });
      limiters.set(call, limiter);
    }
    return limiter;
  };
  return {
    async throttle(call, ip) {
      await spend(limiterFor(call), addressKey(ip));
    },
  };
}
