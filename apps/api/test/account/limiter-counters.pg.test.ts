import { createTestDatabase, type TestDatabase } from "@obmen/db";
import pg from "pg";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Counter,
  createLimiter,
  type LimiterStore,
  readCounters,
  spendAndReadCounters,
} from "../../src/rate-limits/limiter-store.ts";

// readCounters reads a login's four counters in one query on PostgreSQL: it must say exactly
// what each limiter's own `get` says, for counters with no row, within their window, blocked,
// and past their window.
describe("reading several limiter counters in one PostgreSQL query", () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: LimiterStore;
  let window: RateLimiterAbstract;
  let blocking: RateLimiterAbstract;
  const run = Math.random().toString(36).slice(2);

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.databaseUrl, max: 2 });
    store = { kind: "postgres", pool };
    window = createLimiter(store, { prefix: `t_window_${run}`, points: 10, durationSeconds: 60 });
    blocking = createLimiter(store, {
      prefix: `t_block_${run}`,
      points: 2,
      durationSeconds: 60,
      blockSeconds: 600,
    });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.close();
  });

  const ownReads = (counters: readonly Counter[]) =>
    Promise.all(
      counters.map(async ({ limiter, key }) => {
        const res = await limiter.get(key);
        return { consumedPoints: res?.consumedPoints ?? 0, msBeforeNext: res?.msBeforeNext ?? -1 };
      }),
    );
  /** Waits within a second of each other differ only by the time between the two reads. */
  const roughly = (readings: readonly { consumedPoints: number; msBeforeNext: number }[]) =>
    readings.map((reading) => ({
      consumedPoints: reading.consumedPoints,
      seconds: Math.round(reading.msBeforeNext / 1000),
    }));

  it("agrees with each limiter's own read", async () => {
    await window.consume("counted", 3);
    for (let i = 0; i < 3; i++) await blocking.consume("blocked").catch(() => {});
    const counters = [
      { limiter: window, key: "counted" },
      { limiter: window, key: "never-seen" },
      { limiter: blocking, key: "blocked" },
    ] as const;
    const readings = await readCounters(store, counters);
    expect(readings[0].consumedPoints).toBe(3);
    expect(readings[1]).toEqual({ consumedPoints: 0, msBeforeNext: -1 });
    expect(readings[2].consumedPoints).toBe(3);
    // The block's ten minutes, not the window's minute.
    expect(readings[2].msBeforeNext).toBeGreaterThan(60_000);
    expect(roughly(readings)).toEqual(roughly(await ownReads(counters)));
  });

  it("ignores a counter whose window has passed, as the limiter does", async () => {
    await window.consume("stale", 5);
    await pool.query("update rate_limits set expire = $1 where key = $2", [
      Date.now() - 1_000,
      window.getKey("stale"),
    ]);
    const counters = [{ limiter: window, key: "stale" }] as const;
    expect(await readCounters(store, counters)).toEqual([{ consumedPoints: 0, msBeforeNext: -1 }]);
    expect(await ownReads(counters)).toEqual([{ consumedPoints: 0, msBeforeNext: -1 }]);
  });

  it("falls back to the limiters' own reads, and their insurance, when the query fails", async () => {
    const broken = new pg.Pool({ connectionString: database.databaseUrl, max: 1 });
    await broken.end();
    const brokenStore: LimiterStore = { kind: "postgres", pool: broken };
    const limiter = createLimiter(brokenStore, {
      prefix: `t_broken_${run}`,
      points: 10,
      durationSeconds: 60,
    });
    // The consume lands in the insurance (memory) limiter, and so does the read.
    await limiter.consume("insured", 2);
    expect(await readCounters(brokenStore, [{ limiter, key: "insured" }] as const)).toEqual([
      { consumedPoints: 2, msBeforeNext: expect.any(Number) },
    ]);
  });

  it("spends a request budget and reads the counters in one statement, as the library would", async () => {
    const budget = createLimiter(store, {
      prefix: `t_budget_${run}`,
      points: 2,
      durationSeconds: 60,
    });
    await window.consume("beside", 4);
    const counters = [{ limiter: window, key: "beside" }] as const;
    const spend = () => spendAndReadCounters(store, { limiter: budget, key: "ip" }, counters);
    const first = await spend();
    expect(first.spent).toMatchObject({ consumedPoints: 1, over: false });
    expect(first.readings[0].consumedPoints).toBe(4);
    expect((await spend()).spent).toMatchObject({ consumedPoints: 2, over: false });
    const third = await spend();
    expect(third.spent).toMatchObject({ consumedPoints: 3, over: true });
    expect(Math.round(third.spent.msBeforeNext / 1000)).toBeGreaterThan(50);
    // The library reads the same count, and refuses the next as well.
    expect((await budget.get("ip"))?.consumedPoints).toBe(3);
    await expect(budget.consume("ip")).rejects.toMatchObject({ consumedPoints: 4 });
    // Past its window the budget starts again from one, as the library's upsert does.
    await pool.query("update rate_limits set expire = $1 where key = $2", [
      Date.now() - 1_000,
      budget.getKey("ip"),
    ]);
    expect((await spend()).spent).toMatchObject({ consumedPoints: 1, over: false });
  });

  it("spends through the limiters themselves when the statement fails", async () => {
    const broken = new pg.Pool({ connectionString: database.databaseUrl, max: 1 });
    await broken.end();
    const brokenStore: LimiterStore = { kind: "postgres", pool: broken };
    const budget = createLimiter(brokenStore, {
      prefix: `t_bb_${run}`,
      points: 1,
      durationSeconds: 60,
    });
    const spend = () =>
      spendAndReadCounters(brokenStore, { limiter: budget, key: "ip" }, [] as const);
    expect((await spend()).spent).toMatchObject({ consumedPoints: 1, over: false });
    expect((await spend()).spent).toMatchObject({ consumedPoints: 2, over: true });
  });
});
