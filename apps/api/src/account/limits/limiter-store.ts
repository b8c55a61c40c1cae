import type { Redis } from "ioredis";
import type pg from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
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

/**
 * One point of `spent` (a request budget: no block) and the readings of `counters`, as
 * `spend` and {@link readCounters} would give them: on PostgreSQL in one statement, the
 * library's own upsert (RateLimiterPostgres `_upsert`) as a CTE beside the reads, so a login
 * makes one round trip before its hash instead of two (issue 13's login_rps: on this box each
 * statement's socket write costs the server about 0.3 ms of CPU). Elsewhere, or if the
 * statement fails, the limiters' own calls with their insurance.
 */
export async function spendAndReadCounters<const T extends readonly Counter[]>(
  store: LimiterStore,
  spent: Counter,
  counters: T,
): Promise<{
  spent: CounterReading & { over: boolean };
  readings: { [K in keyof T]: CounterReading };
}> {
  const { limiter } = spent;
  const perLimiter = async () => {
    const [consumed, readings] = await Promise.all([
      limiter.consume(spent.key).then(
        (res) => ({ res, over: false }),
        (error: unknown) => {
          if (error instanceof RateLimiterRes) return { res: error, over: true };
          throw error;
        },
      ),
      readCounters(store, counters),
    ]);
    return {
      spent: {
        consumedPoints: consumed.res.consumedPoints,
        msBeforeNext: consumed.res.msBeforeNext,
        over: consumed.over,
      },
      readings,
    };
  };
  if (store.kind !== "postgres" || limiter.blockDuration > 0 || limiter.duration <= 0) {
    return perLimiter();
  }
  const spentKey = limiter.getKey(spent.key);
  const keys = counters.map((counter) => counter.limiter.getKey(counter.key));
  const now = Date.now();
  let rows: { spent: boolean; key: string; points: number; expire: string | null }[];
  try {
    ({ rows } = await store.pool.query({
      name: "obmen-limits-spend-read",
      text: `with spent as (
               insert into ${POSTGRES_TABLE} values ($1, 1, $2)
               on conflict (key) do update set
                 points = case when ${POSTGRES_TABLE}.expire <= $3 then 1
                               else ${POSTGRES_TABLE}.points + 1 end,
                 expire = case when ${POSTGRES_TABLE}.expire <= $3 then $2
                               else ${POSTGRES_TABLE}.expire end
               returning key, points, expire)
             select true as spent, key, points, expire from spent
             union all
             select false, key, points, expire from ${POSTGRES_TABLE}
             where key = any($4::varchar[]) and (expire > $3 or expire is null)`,
      values: [spentKey, now + limiter.duration * 1000, now, keys],
    }));
  } catch {
    return perLimiter();
  }
  const reading = (row: (typeof rows)[number] | undefined): CounterReading => {
    if (!row) return { consumedPoints: 0, msBeforeNext: -1 };
    const expire = row.expire === null ? null : Number(row.expire);
    return {
      consumedPoints: row.points,
      msBeforeNext: expire === null ? -1 : Math.max(expire - now, 0),
    };
  };
  const byKey = new Map(rows.filter((row) => !row.spent).map((row) => [row.key, row]));
  const spentReading = reading(rows.find((row) => row.spent));
  return {
    spent: { ...spentReading, over: spentReading.consumedPoints > limiter.points },
    readings: keys.map((key) => reading(byKey.get(key))) as { [K in keyof T]: CounterReading },
  };
}
