import { createTestDatabase, type TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopGracefully } from "./support/operations.ts";
import {
  appliedMigrations,
  currentMigrationCount,
  preparePreviousRelease,
} from "./support/previous-release.ts";
import { type ServerProcess, signedCall, startServerProcess } from "./support/server-process.ts";

describe("upgrading PostgreSQL from the previous release with two replicas at once", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(() => database.close());

  it("both new replicas start together, the migrations run once under the lock, the old order is served", async () => {
    const orderId = await preparePreviousRelease(database);
    const env = { DATABASE_URL: database.databaseUrl, SEED_DEMO: "false" };
    const replicas: ServerProcess[] = await Promise.all([
      startServerProcess(env),
      startServerProcess(env),
    ]);
    try {
      for (const replica of replicas) {
        const info = await signedCall(replica.url, "/rest/exchange/info", {
          exchange_uuid: orderId,
        });
        expect(info?.status, replica.output()).toBe(200);
        expect(info?.body.data).toMatchObject({ exchange_uuid: orderId, exchange_status: "new" });
      }
    } finally {
      for (const replica of replicas) await stopGracefully(replica);
    }
    expect(await appliedMigrations(database)).toBe(currentMigrationCount());
  }, 120_000);
});
