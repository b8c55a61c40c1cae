import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import {
  apiClients,
  createTestDatabase,
  currencies,
  reserveHolds,
  seedDemoCatalogue,
  type TestDatabase,
} from "@obmen/db";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, findPair } from "../../support/orders.ts";
import { startApiProcess } from "../../support/start-api-process.ts";
import { TEST_CLIENT } from "../../support/test-api.ts";

async function post(port: number, path: string, payload: Record<string, unknown>) {
  const { envelope, timestamp } = sealEnvelope({
    payload,
    publicKey: TEST_CLIENT.publicKey,
    secret: TEST_CLIENT.secret,
    ip: "203.0.113.9",
    lang: "en",
  });
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: String(timestamp) },
    body: JSON.stringify(envelope),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

// DESIGN.md invariant 1 across replicas: two server processes on one PostgreSQL.
describe("two server processes racing for one reserve on PostgreSQL", () => {
  let database: TestDatabase;
  const processes: ChildProcess[] = [];
  const ports = [
    34_000 + Math.floor(Math.random() * 1000),
    35_000 + Math.floor(Math.random() * 1000),
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db);
    await database.db.insert(apiClients).values(TEST_CLIENT);
    await database.db
      .update(currencies)
      .set({ reserve: "50000" })
      .where(eq(currencies.urlXml, "SBERRUB"));
    for (const port of ports) processes.push(await startApiProcess(database.databaseUrl, port));
  }, 60_000);
  afterAll(async () => {
    for (const child of processes) child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    await database.close();
  });

  it("never holds more than the reserve", async () => {
    const pairs = (await post(ports[0]!, "/rest/currency_pair/list", {})).body.data;
    const pair = findPair(pairs, "USDTTRC20", "SBERRUB");
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, index) =>
        post(
          ports[index % 2]!,
          "/rest/exchange/create",
          createForm(pair, { send_amount: "100", idempotency_key: randomUUID() }),
        ),
      ),
    );
    const accepted = results.filter((result) => result.status === 200);
    expect(accepted).toHaveLength(6);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.body.error.code))).toEqual(
      new Set(["INSUFFICIENT_RESERVE"]),
    );
    const [held] = await database.db
      .select({ total: sql<string>`sum(${reserveHolds.amount})::text` })
      .from(reserveHolds)
      .where(
        and(
          eq(reserveHolds.currencyId, pair.currency_pair.receive_currency.id),
          eq(reserveHolds.state, "held"),
        ),
      );
    expect(Number(held?.total)).toBeLessThanOrEqual(50_000);
    expect(Number(held?.total)).toBeCloseTo(6 * 8116.4, 6);
  });
});
