import {
  createTestDatabase,
  openDatabase,
  orderPaymentTargets,
  seedDemoCatalogue,
  type TestDatabase,
  xpubCounters,
} from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignPaymentTarget } from "../../src/payments/assign-payment-target.ts";
import { firstAddresses } from "../../src/payments/derive-address.ts";
import { BIP84_ZPUB, bindWatch, insertOrders } from "./payment-fixtures.ts";

/**
 * Addresses given out from two connections to one PostgreSQL at once (decision 058): the
 * key's counter row is the only arbiter, so no address is ever given twice, and a process
 * opened later (a restart) continues where the others stopped.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("per-order addresses on two connections", () => {
  let database: TestDatabase;
  let second: Awaited<ReturnType<typeof openDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db);
    await bindWatch(database.db, "BTC", { kind: "esplora", xpub: BIP84_ZPUB, confirmations: 2 });
    second = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: "" });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it("forty orders, each asked for by both connections at once: forty distinct addresses", async () => {
    const ids = await insertOrders(database.db, {
      sendUrlXml: "BTC",
      receiveUrlXml: "SBERRUB",
      sendAmount: "0.01",
      count: 40,
    });
    const graceMs = 3_600_000;
    const answers = await Promise.all(
      ids.flatMap((orderId) => [
        assignPaymentTarget({ db: database.db, orderId, graceMs }),
        assignPaymentTarget({ db: second.db, orderId, graceMs }),
      ]),
    );
    // Both connections answered each order with the same target.
    for (let i = 0; i < ids.length; i++) {
      expect(answers[2 * i]?.address).toBe(answers[2 * i + 1]?.address);
    }
    const rows = await database.db.select().from(orderPaymentTargets);
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((row) => row.address)).size).toBe(40);
    expect(new Set(rows.map((row) => row.derivationIndex))).toEqual(
      new Set(Array.from({ length: 40 }, (_, index) => index)),
    );
    const expected = firstAddresses({ xpub: BIP84_ZPUB, count: 40 });
    expect(new Set(rows.map((row) => row.address))).toEqual(new Set(expected));

    // A restarted process (a new connection) goes on from index 40.
    const restarted = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: "" });
    try {
      const [next] = await insertOrders(database.db, {
        sendUrlXml: "BTC",
        receiveUrlXml: "SBERRUB",
        sendAmount: "0.01",
        count: 1,
      });
      const target = await assignPaymentTarget({ db: restarted.db, orderId: next!, graceMs });
      expect(target?.derivationIndex).toBe(40);
      expect(target?.address).toBe(firstAddresses({ xpub: BIP84_ZPUB, count: 41 })[40]);
    } finally {
      await restarted.close();
    }
    const [counter] = await database.db.select().from(xpubCounters);
    expect(counter?.nextIndex).toBe(41);
  }, 60_000);
});
