import { createTestDatabase, type TestDatabase } from "@obmen/db";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createLimiter,
  type LimiterStore,
  readCounters,
  spendAndReadCounters,
} from "../../src/rate-limits/limiter-store.ts";

// The other half of the adapter's contract (decision 051): on PostgreSQL, a point spent by our
// statement and one spent by the library's own consume leave the same row, and each side
// reads the other's rows as its own, within a window and after it has passed.
describe("our statements and rate-limiter-flexible count alike on PostgreSQL", () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: LimiterStore;
  const run = Math.random().toString(36).slice(2);
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.databaseUrl, max: 2 });
    store = { kind: "postgres", pool };
  });
  afterAll(async () => {
    await pool?.end();
    await database?.close();
  });

  const rowOf = async (key: string) =>
    (await pool.query("select points, expire from rate_limits where key = $1", [key])).rows[0] as {
      points: number;
      expire: string;
    };

  it("spends and reads interchangeably within a window", async () => {
    const limiter = createLimiter(store, { prefix: `c_${run}`, points: 5, durationSeconds: 60 });
    const budget = { limiter, key: "visitor" };
    for (let i = 0; i < 2; i++) await spendAndReadCounters(store, budget, []);
    await limiter.consume("visitor");
    const outcome = await spendAndReadCounters(store, budget, [budget]);
    expect(outcome.spent.consumedPoints).toBe(4);
    expect(outcome.spent.over).toBe(false);
    const [ours] = await readCounters(store, [budget]);
    const theirs = await limiter.get("visitor");
    expect(ours.consumedPoints).toBe(4);
    expect(theirs?.consumedPoints).toBe(4);
    expect(Math.abs(ours.msBeforeNext - (theirs?.msBeforeNext ?? 0))).toBeLessThan(1_000);
    // The window's expiry was set by the first point (ours) and kept by theirs and ours since.
    expect(Number((await rowOf(limiter.getKey("visitor"))).expire)).toBeGreaterThan(Date.now());
    // Over the budget: ours says so as the library's consume would refuse.
    await limiter.consume("visitor");
    expect((await spendAndReadCounters(store, budget, [])).spent.over).toBe(true);
    await expect(limiter.consume("visitor")).rejects.toMatchObject({ consumedPoints: 7 });
  });

  it("starts a passed window again, whichever side spends next", async () => {
    const limiter = createLimiter(store, { prefix: `p_${run}`, points: 5, durationSeconds: 60 });
    for (const key of ["ours", "theirs"]) {
      await limiter.consume(key, 3);
      await pool.query("update rate_limits set expire = $2 where key = $1", [
        limiter.getKey(key),
        Date.now() - 1_000,
      ]);
      // Neither side sees a passed window.
      expect(await limiter.get(key)).toBeNull();
      expect((await readCounters(store, [{ limiter, key }]))[0].consumedPoints).toBe(0);
    }
    await spendAndReadCounters(store, { limiter, key: "ours" }, []);
    await limiter.consume("theirs");
    const [ours, theirs] = await Promise.all([
      rowOf(limiter.getKey("ours")),
      rowOf(limiter.getKey("theirs")),
    ]);
    expect(ours.points).toBe(1);
    expect(theirs.points).toBe(1);
    expect(Math.abs(Number(ours.expire) - Number(theirs.expire))).toBeLessThan(2_000);
  });
});
