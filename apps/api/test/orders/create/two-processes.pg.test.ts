import { randomUUID } from "node:crypto";
import { reserveHolds, type TestDatabase } from "@obmen/db";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiProcesses,
  createSeededDatabase,
  sealedPost,
  startApiProcesses,
} from "../../support/api-processes.ts";
import { createForm, findPair } from "../../support/orders.ts";

// DESIGN.md invariant 1 across replicas: two server processes on one PostgreSQL.
describe("two server processes racing for one reserve on PostgreSQL", () => {
  let database: TestDatabase;
  let processes: ApiProcesses;
  let ports: number[];

  beforeAll(async () => {
    database = await createSeededDatabase({ sberbankReserve: "50000" });
    processes = await startApiProcesses(database.databaseUrl);
    ports = processes.ports;
  }, 60_000);
  afterAll(async () => {
    await processes?.stop();
    await database?.close();
  });

  it("never holds more than the reserve", async () => {
    const pairs = (await sealedPost(ports[0]!, "/rest/currency_pair/list", {})).body.data;
    const pair = findPair(pairs, "USDTTRC20", "SBERRUB");
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, index) =>
        sealedPost(
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
