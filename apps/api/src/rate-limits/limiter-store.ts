import type { Redis } from "ioredis";
import type pg from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { POSTGRES_TABLE, READ_TEXT, SPEND_AND_READ_TEXT } from "./postgres-counters-sql.ts";

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

/** The readings of `counters`, in their order. */
export type Readings<T extends readonly Counter[]> = { [K in keyof T]: CounterReading };

/** One point of a budget spent (and whether that took it over), with the readings of `T`. */
export interface SpentAndRead<T extends readonly Counter[]> {
  spent: CounterReading & { over: boolean };
  readings: Readings<T>;
}

/** A counter's row as the library keeps it, read at `now` (ms): no row counts as none. */
function readingOf(
  row: { points: number; expire: string | number | null } | undefined,
  now: number,
): CounterReading {
  if (!row) return { consumedPoints: 0, msBeforeNext: -1 };
  const expire = row.expire === null ? null : Number(row.expire);
  return {
    consumedPoints: row.points,
    msBeforeNext: expire === null ? -1 : Math.max(expire - now, 0),
  };
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
): Promise<Readings<T>> {
  const perLimiter = async () =>
    (await Promise.all(
      counters.map(async ({ limiter, key }) => {
        const res = await limiter.get(key);
        return { consumedPoints: res?.consumedPoints ?? 0, msBeforeNext: res?.msBeforeNext ?? -1 };
      }),
    )) as Readings<T>;
  if (store.kind !== "postgres") return perLimiter();
  const keys = counters.map(({ limiter, key }) => limiter.getKey(key));
  const now = Date.now();
  let rows: { key: string; points: number; expire: string | null }[];
  try {
    // The library's own read (RateLimiterPostgres `_get`), for many keys: a row whose window
    // has passed counts as none.
    ({ rows } = await store.pool.query({
      name: "obmen-limits-read",
      text: READ_TEXT,
      values: [keys, now],
    }));
  } catch {
    return perLimiter();
  }
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key) => readingOf(byKey.get(key), now)) as Readings<T>;
}

/** What one point of a request budget and the readings of some counters are, in one statement. */
export interface SpendAndReadValues {
  /** The budget's row key and the expiry its window would get if it starts now (ms). */
  spentKey: string;
  spentExpire: number;
  /** The statement's clock (ms): a row whose `expire` is not after it counts as none. */
  now: number;
  /** The counters' row keys, in the order asked. */
  keys: string[];
}

/** A row of the statement: the budget's (`spent`) or one of the counters'. */
export interface CounterRow {
  spent: boolean;
  key: string;
  points: number;
  /** Milliseconds; a string as pg reads a bigint, a number from JSON. */
  expire: string | number | null;
}

/**
 * The values of {@link spendAndReadCounters}'s statement, when the store can send one: on
 * PostgreSQL, for a budget (no block, a window). Null otherwise: the limiters' own calls.
 */
export function spendAndReadValues(
  store: LimiterStore,
  spent: Counter,
  counters: readonly Counter[],
): SpendAndReadValues | null {
  const { limiter } = spent;
  if (store.kind !== "postgres" || limiter.blockDuration > 0 || limiter.duration <= 0) return null;
  const now = Date.now();
  return {
    spentKey: limiter.getKey(spent.key),
    spentExpire: now + limiter.duration * 1000,
    now,
    keys: counters.map((counter) => counter.limiter.getKey(counter.key)),
  };
}

/** What the statement's rows say: the budget's reading (and whether it is over) and the counters'. */
export function spendAndReadOutcome<const T extends readonly Counter[]>(
  spent: Counter,
  values: SpendAndReadValues,
  rows: readonly CounterRow[],
): SpentAndRead<T> {
  const byKey = new Map(rows.filter((row) => !row.spent).map((row) => [row.key, row]));
  const spentReading = readingOf(
    rows.find((row) => row.spent),
    values.now,
  );
  return {
    spent: { ...spentReading, over: spentReading.consumedPoints > spent.limiter.points },
    readings: values.keys.map((key) => readingOf(byKey.get(key), values.now)) as Readings<T>,
  };
}

/**
 * One point of `spent` (a request budget: no block) and the readings of `counters`, as
 * `spend` and {@link readCounters} would give them: on PostgreSQL in one statement, the
 * library's own upsert as a CTE beside the reads, so a login makes one round trip before its
 * hash instead of two (issue 13's login_rps: on this box each statement's socket write costs
 * the server about 0.3 ms of CPU). A login on the database replay guard sends the same CTEs in
 * its own statement (account/login/login-opening.ts). Elsewhere, or if the statement fails,
 * the limiters' own calls with their insurance.
 */
export async function spendAndReadCounters<const T extends readonly Counter[]>(
  store: LimiterStore,
  spent: Counter,
  counters: T,
): Promise<SpentAndRead<T>> {
  const values = spendAndReadValues(store, spent, counters);
  if (values && store.kind === "postgres") {
    try {
      const { rows } = await store.pool.query<CounterRow>({
        name: "obmen-limits-spend-read",
        text: SPEND_AND_READ_TEXT,
        values: [values.spentKey, values.spentExpire, values.now, values.keys],
      });
      return spendAndReadOutcome<T>(spent, values, rows);
    } catch {
      // The limiters' own calls below, with their insurance.
    }
  }
  return spendAndReadEach(store, spent, counters);
}

/** The limiters' own consume and reads: memory, Redis, or PostgreSQL's fallback. */
async function spendAndReadEach<const T extends readonly Counter[]>(
  store: LimiterStore,
  spent: Counter,
  counters: T,
): Promise<SpentAndRead<T>> {
  const [consumed, readings] = await Promise.all([
    spent.limiter.consume(spent.key).then(
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
}
