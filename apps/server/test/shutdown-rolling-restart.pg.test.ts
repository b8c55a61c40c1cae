import { createTestDatabase, type TestDatabase } from "@obmen/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPair, stopGracefully } from "./support/operations.ts";
import { type ServerProcess, signedCall, startServerProcess } from "./support/server-process.ts";
import { startSteadyLoad } from "./support/steady-load.ts";

// Issue 17 point 4: an upgrade restarts the replicas one at a time while customers keep
// creating orders. The client retries a refused connection on the other replica, as nginx
// in front does (deploy/nginx/obmen.conf, proxy_next_upstream error).
describe("a rolling restart of two replicas on one PostgreSQL", () => {
  let database: TestDatabase;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(async () => {
    for (const server of servers) await stopGracefully(server);
    await database.close();
  });

  it("loses no acknowledged order, answers no 5xx and makes no order twice", async () => {
    const env = { DATABASE_URL: database.databaseUrl, SEED_DEMO: "false" };
    const start = async () => {
      const server = await startServerProcess(env);
      servers.push(server);
      return server;
    };
    const replicas = [await start(), await start()];
    const pair = await demoPair(replicas[0]!.url);
    const load = startSteadyLoad({ urls: () => replicas.map((r) => r.url), pair, callers: 6 });
    try {
      await load.waitForMore(20);
      for (const index of [0, 1]) {
        // SIGTERM under load: requests in flight finish, the process exits 0...
        const stopping = replicas[index]!;
        const exit = stopGracefully(stopping);
        await load.waitForMore(10);
        expect(await exit, stopping.output()).toBe(0);
        // ...and the new release takes its place while the other replica serves alone.
        replicas[index] = await start();
        await load.waitForMore(15);
      }
    } finally {
      await load.stop();
    }
    expect(load.retried(), "some creates met a stopping replica and were retried").toBeGreaterThan(
      0,
    );

    const missing: string[] = [];
    for (const uuid of load.acknowledged) {
      const info = await signedCall(replicas[0]!.url, "/rest/exchange/info", {
        exchange_uuid: uuid,
      });
      if (info?.status !== 200) missing.push(uuid);
    }
    expect(missing, `of ${load.acknowledged.length} acknowledged orders`).toEqual([]);
    // A retry carries the same idempotency key: exactly one order per acknowledged create.
    const count = await database.db.execute<{ orders: number }>(
      sql`select count(*)::int as orders from orders`,
    );
    expect(new Set(load.acknowledged).size).toBe(load.acknowledged.length);
    expect(count.rows[0]?.orders).toBe(load.acknowledged.length);
  }, 240_000);
});
