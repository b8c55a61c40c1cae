import { AppError } from "@obmen/contracts";
import { createTestDatabase, type TestDatabase } from "@obmen/db";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLoginLimiter } from "../../src/admin/auth/login-limiter.ts";

// Replicas share the console's login budget through PostgreSQL (the accounts' rate_limits
// table, decision 026): failures counted by one process close the door on the other too.
describe("the console's login limit shared by two processes' limiters on PostgreSQL", () => {
  let database: TestDatabase;
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    for (let index = 0; index < 2; index++) {
      pools.push(new pg.Pool({ connectionString: database.databaseUrl, max: 2 }));
    }
  });
  afterAll(async () => {
    for (const pool of pools) await pool.end();
    await database.close();
  });

  it("counts failures from both and refuses on both once the budget is spent", async () => {
    const [first, second] = pools.map((pool) =>
      createLoginLimiter({ store: { kind: "postgres", pool }, perEmail: 4 }),
    );
    const key = { ip: "203.0.113.5", email: "admin@obmen.example" };
    for (let attempt = 0; attempt < 4; attempt++) {
      const limiter = attempt % 2 === 0 ? first! : second!;
      await limiter.check(key);
      await limiter.failed(key);
    }
    for (const limiter of [first!, second!]) {
      const refused = await limiter.check(key).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe("RATE_LIMITED");
    }
    // Another address from the same machine still has its own budget.
    await first!.check({ ...key, email: "operator@obmen.example" });
  });
});
