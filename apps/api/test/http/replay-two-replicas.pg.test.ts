import type { ChildProcess } from "node:child_process";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { apiClients, createTestDatabase, seedDemoCatalogue, type TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiProcess } from "../support/start-api-process.ts";
import { TEST_CLIENT } from "../support/test-api.ts";

// Issue 16 point 5: without Redis, two replicas on one PostgreSQL each accepted the same
// envelope (a duplicate order). They now share the guard through the database.
describe("one envelope sent to two replicas on one PostgreSQL without Redis", () => {
  let database: TestDatabase;
  const processes: ChildProcess[] = [];
  const ports = [
    36_000 + Math.floor(Math.random() * 1000),
    37_000 + Math.floor(Math.random() * 1000),
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db);
    await database.db.insert(apiClients).values(TEST_CLIENT);
    for (const port of ports) processes.push(await startApiProcess(database.databaseUrl, port));
  }, 60_000);
  afterAll(async () => {
    for (const child of processes) child.kill("SIGTERM");
    await database.close();
  });

  it("is accepted by exactly one of them, at once or one after the other", async () => {
    for (const together of [true, false]) {
      const { envelope, timestamp } = sealEnvelope({
        payload: {},
        publicKey: TEST_CLIENT.publicKey,
        secret: TEST_CLIENT.secret,
        ip: "203.0.113.9",
        lang: "en",
      });
      const send = (port: number) =>
        fetch(`http://127.0.0.1:${port}/rest/currency_pair/list`, {
          method: "POST",
          headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: String(timestamp) },
          body: JSON.stringify(envelope),
        }).then(async (response) => ({ status: response.status, body: await response.json() }));
      const answers = together
        ? await Promise.all(ports.map(send))
        : [await send(ports[0]!), await send(ports[1]!)];
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.status === 409)!;
      expect(refused.body.error.code).toBe("REPLAYED_REQUEST");
    }
  });
});
