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

/** What a counter holds now: its points (0 when it has none) and the wait until it resets. */
export interface CounterReading {
  consumedPoints: number;
  /** Until the counter's window (or block) ends; -1 when it has none. */
  msBeforeNext: number;
}

/** One limiter's counter for one key. */
export interface Counter {
  limiter: RateLimiterAbstract;
  key: string;
}

/**
 * Reads several counters at once, as each limiter's `get` would: on PostgreSQL one query for
 * all of them instead of a round trip each (a login reads four before its hash, issue 13's
 * `login_rps`); elsewhere the limiters' own reads, which cost no round trip in memory and
 * one pipelined command each on Redis. If the query fails, the limiters' own reads take over,
 * and with them the insurance limiters.
 */
export async function readCounters<const T extends readonly Counter[]>(
  store: LimiterStore,
  counters: T,
): Promise<{ [K in keyof T]: CounterReading }> {
  type Readings = { [K in keyof T]: CounterReading };
  const perLimiter = async () =>
    (await Promise.all(
      counters.map(async ({ limiter, key }) => {
        const res = await limiter.get(key);
        return { consumedPoints: res?.consumedPoints ?? 0, msBeforeNext: res?.msBeforeNext ?? -1 };
      }),
    )) as Readings;
  if (store.kind !== "postgres") return perLimiter();
  const keys = counters.map(({ limiter, key }) => limiter.getKey(key));
  const now = Date.now();
  let rows: { key: string; points: number; expire: string | null }[];
  try {
    // The library's own read (RateLimiterPostgres `_get`), for many keys: a row whose window
    // has passed counts as none.
    ({ rows } = await store.pool.query({
      name: "obmen-limits-read",
      text: `select key, points, expire from ${POSTGRES_TABLE}
             where key = any($1::varchar[]) and (expire > $2 or expire is null)`,
      values: [keys, now],
    }));
  } catch {
    return perLimiter();
  }
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key): CounterReading => {
    const row = byKey.get(key);
    if (!row) return { consumedPoints: 0, msBeforeNext: -1 };
    const expire = row.expire === null ? null : Number(row.expire);
    return {
      consumedPoints: row.points,
      msBeforeNext: expire === null ? -1 : Math.max(expire - now, 0),
    };
  }) as Readings;
}
