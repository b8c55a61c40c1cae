import { createTestDatabase, type TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, it } from "vitest";
import { expectAcknowledgedOrdersToSurviveSigkill } from "./support/acknowledged-orders.ts";

describe("no acknowledged write is lost on PostgreSQL", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(() => database.close());

  it("finds every order answered 200 after SIGKILL, between calls and in a burst", async () => {
    await expectAcknowledgedOrdersToSurviveSigkill({
      DATABASE_URL: database.databaseUrl,
      SEED_DEMO: "false",
    });
  }, 240_000);
});
