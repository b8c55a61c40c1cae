import { createTestDatabase, type TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, it } from "vitest";
import { expectJourneyLogsWithoutSecrets } from "./logging-journey.ts";

describe("request logs of a whole journey on PostgreSQL, behind a trusted proxy", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(() => database?.close());

  it("are one JSON line per request with the proxy's id, and hold no secret", async () => {
    await expectJourneyLogsWithoutSecrets({
      env: { DATABASE_URL: database.databaseUrl },
      trustProxy: true,
      web: true,
    });
  }, 120_000);
});
