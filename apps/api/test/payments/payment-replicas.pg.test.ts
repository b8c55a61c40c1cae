import {
  createTestDatabase,
  openDatabase,
  orderEvents,
  orders,
  paymentTransfers,
  seedDemoCatalogue,
  type TestDatabase,
} from "@obmen/db";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalCatalogueChanges } from "../../src/catalogue/catalogue-changes.ts";
import { createOrderEffects } from "../../src/orders/effects/create-order-effects.ts";
import { assignPaymentTarget } from "../../src/payments/assign-payment-target.ts";
import { createEsploraSource } from "../../src/payments/esplora-source.ts";
import { watchPayments } from "../../src/payments/watch-payments.ts";
import { FakeChainServers } from "./fake-chain-servers.ts";
import { BIP84_ZPUB, bindWatch, insertOrders } from "./payment-fixtures.ts";

const GRACE_MS = 3_600_000;
type Handle = Awaited<ReturnType<typeof openDatabase>>;

/**
 * Two replicas on one PostgreSQL watching the same addresses at once credit each order once
 * (the order's row lock and `credited_at`), and a payment seen by a process that then stops is
 * credited by the next one once confirmed: nothing of a pass lives outside the database.
 */
describe.runIf(process.env.TEST_DATABASE_URL)(
  "payments credited once across replicas and restarts",
  () => {
    let database: TestDatabase;
    let chain: FakeChainServers;
    const log = { warn: () => {}, error: () => {} };

    beforeAll(async () => {
      chain = await new FakeChainServers().start();
      database = await createTestDatabase();
      await seedDemoCatalogue(database.db);
      await bindWatch(database.db, "BTC", { kind: "esplora", xpub: BIP84_ZPUB, confirmations: 2 });
    }, 60_000);
    afterAll(async () => {
      await database?.close();
      await chain?.stop();
    });

    /** One replica: its own pool, its own effects, nothing shared but the database. */
    const replicaPass = (handle: Handle | TestDatabase) =>
      watchPayments({
        db: handle.db,
        effects: createOrderEffects({
          catalogueChanges: createLocalCatalogueChanges(),
          appUrl: "http://localhost",
          log,
        }),
        appUrl: "http://localhost",
        source: createEsploraSource({ baseUrl: chain.url, log }),
        graceMs: GRACE_MS,
        log,
      });

    async function paidTo(count: number, confirmedAt: number | null) {
      const ids = await insertOrders(database.db, {
        sendUrlXml: "BTC",
        receiveUrlXml: "SBERRUB",
        sendAmount: "0.01",
        count,
      });
      for (const [index, orderId] of ids.entries()) {
        const target = await assignPaymentTarget({ db: database.db, orderId, graceMs: GRACE_MS });
        chain.payBitcoin(target!.address!, `${index}`.padStart(64, "a"), 1_000_000, confirmedAt);
      }
      return ids;
    }

    it("two replicas passing at once, twice each: every order paid once, one event each", async () => {
      const ids = await paidTo(10, chain.tip - 1);
      const second = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: "" });
      try {
        await Promise.all([
          replicaPass(database),
          replicaPass(second),
          replicaPass(second),
          replicaPass(database),
        ]);
      } finally {
        await second.close();
      }
      const rows = await database.db.select().from(orders).where(inArray(orders.id, ids));
      expect(rows.map((row) => row.status)).toEqual(ids.map(() => "paid"));
      const paid = await database.db
        .select()
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, ids));
      expect(paid.filter((event) => event.status === "paid")).toHaveLength(10);
      const transfers = await database.db
        .select()
        .from(paymentTransfers)
        .where(inArray(paymentTransfers.orderId, ids));
      expect(transfers).toHaveLength(10);
      expect(transfers.every((transfer) => transfer.creditedAt !== null)).toBe(true);
    }, 60_000);

    it("a restart while the payment confirms: the next process credits it", async () => {
      const [orderId] = await paidTo(1, null);
      const before = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: "" });
      await replicaPass(before);
      await before.close();
      const [seen] = await database.db
        .select()
        .from(paymentTransfers)
        .where(eq(paymentTransfers.orderId, orderId!));
      expect(seen).toMatchObject({ confirmations: 0, creditedAt: null });

      // Mined while no process ran; the restarted one reads it confirmed.
      const [transfer] = [seen!];
      chain.payBitcoin(
        (await assignPaymentTarget({ db: database.db, orderId: orderId!, graceMs: GRACE_MS }))!
          .address!,
        transfer.txId,
        1_000_000,
        chain.tip - 1,
      );
      const after = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: "" });
      try {
        await replicaPass(after);
      } finally {
        await after.close();
      }
      const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId!));
      expect(row?.status).toBe("paid");
    }, 60_000);
  },
);
