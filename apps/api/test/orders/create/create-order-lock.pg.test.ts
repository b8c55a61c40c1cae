import {
  createTestDatabase,
  currencies,
  currencyPairs,
  reserveHolds,
  seedDemoCatalogue,
  type TestDatabase,
} from "@obmen/db";
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertNewOrders,
  type NewOrder,
  newOrdersStatement,
} from "../../../src/orders/create/insert-new-orders.ts";
import type { SendCurrency } from "../../../src/orders/info/payment-instructions.ts";
import { newOrderRow, stubOrderMail } from "../../support/orders.ts";

/**
 * DESIGN.md invariant 1 inside `create_order`, made deterministic: a create that waits for
 * the receive currency's lock must, once it has the lock, see the hold its predecessor just
 * committed (the row's `held`, kept by the hold's trigger, as the lock returns it). Without the
 * lock, a plain read of `held` would show the total from before and accept the second order.
 */
describe("create_order's reserve lock on PostgreSQL", () => {
  let database: TestDatabase;
  let other: pg.Client;
  let pair: typeof currencyPairs.$inferSelect;
  let payTo: SendCurrency;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db);
    const [sber] = await database.db
      .select({ id: currencies.id })
      .from(currencies)
      .where(eq(currencies.urlXml, "SBERRUB"));
    // Room for one order of 8,116.40 RUB, not two.
    await database.db
      .update(currencies)
      .set({ reserve: "10000" })
      .where(eq(currencies.id, sber!.id));
    const [found] = await database.db
      .select()
      .from(currencyPairs)
      .where(eq(currencyPairs.receiveCurrencyId, sber!.id))
      .limit(1);
    pair = found!;
    const first = await insertOne({
      order: newOrderRow(pair, { sendAmount: "100", receiveAmount: "8116.4" }),
      payTo: null,
      mail: null,
    });
    if (first.outcome !== "pay_to_changed") throw new Error(`unexpected ${first.outcome}`);
    payTo = first.payTo;
    other = new pg.Client({ connectionString: database.databaseUrl });
    await other.connect();
  }, 60_000);
  afterAll(async () => {
    await other?.end();
    await database?.close();
  });

  const insertOne = async (order: NewOrder) =>
    (await insertNewOrders({ db: database.db, orders: [order] }))[0]!;

  /** The app's own statement for one order, for the raw client holding its lock. */
  const callText = (order: NewOrder["order"]) =>
    newOrdersStatement([{ order, payTo, mail: stubOrderMail() }]);

  async function waitUntilBlocked(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const { rows } = await database.db.execute<{ waiting: number }>(sql`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`);
      if (rows[0]!.waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("the second create never waited for the currency's lock");
  }

  async function heldTotal(): Promise<number> {
    const [row] = await database.db
      .select({ total: sql<string>`coalesce(sum(${reserveHolds.amount}), 0)::text` })
      .from(reserveHolds)
      .where(
        and(eq(reserveHolds.currencyId, pair.receiveCurrencyId), eq(reserveHolds.state, "held")),
      );
    return Number(row!.total);
  }

  it("refuses the order that waited, once the first commits its hold", async () => {
    await other.query("begin");
    const first = await other.query(
      callText(newOrderRow(pair, { sendAmount: "100", receiveAmount: "8116.4" })),
    );
    expect(first.rows[0].o0).toEqual({ outcome: "created" });

    const second = insertOne({
      order: newOrderRow(pair, { sendAmount: "100", receiveAmount: "8116.4" }),
      payTo,
      mail: stubOrderMail(),
    });
    await waitUntilBlocked();
    await other.query("commit");
    expect(await second).toEqual({
      outcome: "above_reserve",
      reserve: expect.any(String),
      held: expect.any(String),
    });
    const refused = (await second) as { reserve: string; held: string };
    expect(Number(refused.reserve)).toBe(10_000);
    expect(Number(refused.held)).toBeCloseTo(8116.4, 6);
    expect(await heldTotal()).toBeCloseTo(8116.4, 6);
  });

  it("accepts it when the first rolls back", async () => {
    await database.db.update(reserveHolds).set({ state: "released" });
    await other.query("begin");
    await other.query(callText(newOrderRow(pair, { sendAmount: "100", receiveAmount: "8116.4" })));
    const second = insertOne({
      order: newOrderRow(pair, { sendAmount: "100", receiveAmount: "8116.4" }),
      payTo,
      mail: stubOrderMail(),
    });
    await waitUntilBlocked();
    await other.query("rollback");
    expect(await second).toEqual({ outcome: "created" });
    expect(await heldTotal()).toBeCloseTo(8116.4, 6);
  });
});
