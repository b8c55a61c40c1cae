import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import type { TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiProcesses,
  createSeededDatabase,
  startApiProcesses,
} from "../support/api-processes.ts";
import { TEST_CLIENT } from "../support/test-api.ts";

// Issue 16 point 5: without Redis, two replicas on one PostgreSQL each accepted the same
// envelope (a duplicate order). They now share the guard through the database.
describe("one envelope sent to two replicas on one PostgreSQL without Redis", () => {
  let database: TestDatabase;
  let processes: ApiProcesses;
  let ports: number[];

  beforeAll(async () => {
    database = await createSeededDatabase();
    processes = await startApiProcesses(database.databaseUrl);
    ports = processes.ports;
  }, 60_000);
  afterAll(async () => {
    await processes?.stop();
    await database?.close();
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
