import { REPLAY_WINDOW_MS } from "@obmen/contracts/envelope";
import { FingerprintSet } from "./fingerprint-set.ts";

/**
 * Remembers signatures seen inside the replay window, so a captured request cannot be sent
 * again. In one process a memory map is enough; replicas share a Redis (REDIS_URL) so a
 * request replayed against another replica is refused too.
 */
export interface ReplayGuard {
  /** True when the signature is new (and is now remembered); false when it was seen. */
  remember(signature: string): Promise<boolean>;
  close(): Promise<void>;
}

export function createMemoryReplayGuard(windowMs = REPLAY_WINDOW_MS): ReplayGuard {
  // Two generations rotated every window: a signature is remembered for 1–2 windows, which
  // covers the ±window timestamp check, in O(1) per request without scanning for expiry.
  // Fingerprints, not strings: a busy window holds millions (fingerprint-set.ts).
  let current = new FingerprintSet();
  let previous = new FingerprintSet();
  let rotatedAt = Date.now();
  return {
    async remember(signature) {
      const now = Date.now();
      if (now - rotatedAt >= windowMs) {
        previous = now - rotatedAt >= 2 * windowMs ? new FingerprintSet() : current;
        current = new FingerprintSet();
        rotatedAt = now;
      }
      if (previous.has(signature)) return false;
      return current.add(signature);
    },
    async close() {},
  };
}

/** The subset of a Redis client this guard needs (ioredis and node-redis both fit via an adapter). */
export interface RedisLike {
  set(key: string, value: string, mode: "PX", ttl: number, flag: "NX"): Promise<string | null>;
  quit(): Promise<unknown>;
}

export function createRedisReplayGuard(redis: RedisLike, windowMs = REPLAY_WINDOW_MS): ReplayGuard {
  return {
    async remember(signature) {
      // Twice the window: a timestamp may be up to one window in the past or the future.
      return (await redis.set(`obmen:sig:${signature}`, "1", "PX", 2 * windowMs, "NX")) === "OK";
    },
    async close() {
      await redis.quit();
    },
  };
}
