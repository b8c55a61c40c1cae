import { AppError } from "@obmen/contracts";
import { createTestDatabase, type TestDatabase } from "@obmen/db";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperatorLoginLimits } from "../../src/rate-limits/operator-login-limits.ts";

// Replicas share the console's login budget through PostgreSQL (the accounts' rate_limits
// table, decision 026): failures counted by one process make the pair wait and ask for a
// captcha on the other too; nobody else behind the address is refused (issue 26 point 3).
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
      createOperatorLoginLimits({
        store: { kind: "postgres", pool },
        policy: { perAccountAndIp: 4, captchaAfterAccountFailures: 2, captchaAfterIpFailures: 3 },
      }),
    );
    const key = { ip: "203.0.113.5", email: "admin@obmen.example" };
    for (let attempt = 0; attempt < 4; attempt++) {
      const limiter = attempt % 2 === 0 ? first! : second!;
      const gate = await limiter.beforeLogin(key);
      // The account's failures, counted by either replica, ask for a captcha on both.
      expect(gate.captchaRequired).toBe(attempt >= 2);
      await limiter.failed(key);
    }
    for (const limiter of [first!, second!]) {
      const refused = await limiter.beforeLogin(key).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe("RATE_LIMITED");
    }
    // Another account from the same address is never refused: it only needs a captcha (the
    // address has failed four times), on either replica.
    for (const limiter of [first!, second!]) {
      const gate = await limiter.beforeLogin({ ...key, email: "operator@obmen.example" });
      expect(gate.captchaRequired).toBe(true);
    }
    // The account from another address: a captcha, no wait.
    const elsewhere = await second!.beforeLogin({ ...key, ip: "198.51.100.4" });
    expect(elsewhere.captchaRequired).toBe(true);
    await first!.succeeded({ ...key, ip: "198.51.100.4" });
    // A success clears the account's run, not the pair's wait.
    await expect(first!.beforeLogin(key)).rejects.toBeInstanceOf(AppError);
  });
});
