import type { Redis } from "ioredis";
import type pg from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
} from "rate-limiter-flexible";

/**
 * Where the account limits and the used captcha solutions are counted
 * (docs/decisions/026-rate-limits-captcha-totp.md): Redis when `REDIS_URL` is set, else the
 * PostgreSQL that replicas already share, else (PGlite: one process by construction) memory.
 */
export type LimiterStore =
  | { kind: "memory" }
  | { kind: "postgres"; pool: pg.Pool }
  | { kind: "redis"; redis: Redis };

export interface LimiterOptions {
  /** Names the counter; keys are `${prefix}:${key}`. */
  prefix: string;
  points: number;
  durationSeconds: number;
  /** Once over `points`, refuse for this long (0: only until the window ends). */
  blockSeconds?: number;
}

/** The table the PostgreSQL store counts in (packages/db/src/schema/account-security.ts). */
const POSTGRES_TABLE = "rate_limits";

export function createLimiter(store: LimiterStore, options: LimiterOptions): RateLimiterAbstract {
  const common = {
    keyPrefix: `obmen:${options.prefix}`,
    points: options.points,
    duration: options.durationSeconds,
    blockDuration: options.blockSeconds ?? 0,
  };
  if (store.kind === "memory") return new RateLimiterMemory(common);
  // If the shared store fails, this process goes on counting alone rather than letting every
  // attempt through or refusing every login.
  const insuranceLimiter = new RateLimiterMemory(common);
  if (store.kind === "redis") {
    return new RateLimiterRedis({
      ...common,
      storeClient: store.redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter,
    });
  }
  return new RateLimiterPostgres({
    ...common,
    storeClient: store.pool,
    storeType: "pool",
    tableName: POSTGRES_TABLE,
    tableCreated: true,
    // One limiter (the captcha's) sweeps expired rows; the others leave them to it.
    clearExpiredByTimeout: options.prefix === "captcha_used",
    insuranceLimiter,
  });
}
