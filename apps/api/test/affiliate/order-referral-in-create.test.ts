import {
  affiliateChannels,
  affiliateOrderReferrals,
  currencyPairs,
  orders,
  type TestDatabase,
} from "@obmen/db";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertNewOrders,
  type NewOrder,
  newOrdersStatement,
} from "../../src/orders/create/insert-new-orders.ts";
import type { SendCurrency } from "../../src/orders/info/payment-instructions.ts";
import { createForm, findPair, listPairs, newOrderRow, stubOrderMail } from "../support/orders.ts";
import { callApi, startTestApi, type TestApi } from "../support/test-api.ts";
import { seedPartner } from "./support/affiliate-kit.ts";

const CODE = "referral2code7ab";

/**
 * A new order's rid is recorded by `create_order` itself, in the order's transaction
 * (decision 029): no second statement after the commit, so no crash can keep the order and
 * lose its partner. A bad, unknown or own rid never refuses or fails the order.
 */
describe("the referral written in the order's own transaction", () => {
  let api: TestApi;
  let partnerId: string;
  let pair: typeof currencyPairs.$inferSelect;
  let payTo: SendCurrency;

  beforeAll(async () => {
    api = await startTestApi();
    partnerId = await seedPartner(api.db, { email: "partner@example.com" });
    await api.db
      .insert(affiliateChannels)
      .values({ partnerId, code: CODE, name: "default", isDefault: true });
    const [first] = await api.db.select().from(currencyPairs).orderBy(currencyPairs.id).limit(1);
    pair = first!;
    // Where the send currency is paid, as the create learns it on its first order.
    const [learnt] = await insertNewOrders({
      db: api.db,
      orders: [{ order: row(), payTo: null, mail: null }],
    });
    if (learnt?.outcome !== "pay_to_changed") throw new Error(learnt?.outcome);
    payTo = learnt.payTo;
  }, 60_000);
  afterAll(() => api?.close());

  const row = (email = "customer@example.com") => ({
    ...newOrderRow(pair, { sendAmount: "1", receiveAmount: "0.01" }),
    email,
  });
  const newOrder = (rid: string | null, email?: string): NewOrder => ({
    order: row(email),
    payTo,
    mail: stubOrderMail(),
    rid,
  });

  async function referralsOf(orderIds: string[]) {
    const rows = await api.db
      .select()
      .from(affiliateOrderReferrals)
      .where(inArray(affiliateOrderReferrals.orderId, orderIds));
    return new Map(rows.map((referral) => [referral.orderId, referral]));
  }

  it("commits or rolls back the referral with the order: one statement, one transaction", async () => {
    const rolledBack = newOrder(CODE);
    const seenInside = await inRolledBackTransaction(api.database, async (query) => {
      const statement = newOrdersStatement([rolledBack]);
      const [result] = await query(statement.text, statement.values);
      expect(result!.o0).toEqual({ outcome: "created" });
      return query(
        "select o.id, r.partner_id from orders o join affiliate_order_referrals r on r.order_id = o.id where o.id = $1",
        [rolledBack.order.id],
      );
    });
    expect(seenInside).toEqual([{ id: rolledBack.order.id, partner_id: partnerId }]);
    expect(await api.db.select().from(orders).where(eq(orders.id, rolledBack.order.id))).toEqual(
      [],
    );
    expect((await referralsOf([rolledBack.order.id])).size).toBe(0);

    // In autocommit, the one call leaves both behind: nothing runs after it.
    const committed = newOrder(CODE);
    expect(await insertNewOrders({ db: api.db, orders: [committed] })).toEqual([
      { outcome: "created" },
    ]);
    expect((await referralsOf([committed.order.id])).get(committed.order.id)).toMatchObject({
      partnerId,
      channelId: expect.any(Number),
    });
  });

  it("in a batch, attributes each order by its own rid; own, unknown and absent rids record nothing", async () => {
    const batch = [
      newOrder(CODE),
      newOrder(CODE, "partner@example.com"),
      newOrder("unknown2code7abc"),
      newOrder(null),
      newOrder(CODE),
    ];
    const outcomes = await insertNewOrders({ db: api.db, orders: batch });
    expect(outcomes).toEqual(Array(batch.length).fill({ outcome: "created" }));
    const referrals = await referralsOf(batch.map(({ order }) => order.id));
    expect(batch.map(({ order }) => referrals.get(order.id)?.partnerId ?? null)).toEqual([
      partnerId,
      null,
      null,
      null,
      partnerId,
    ]);
  });

  it("writes no referral for a refused order", async () => {
    const refused = { ...newOrder(CODE), order: { ...row(), sendRate: "123456" } };
    const [outcome] = await insertNewOrders({ db: api.db, orders: [refused] });
    expect(outcome).toMatchObject({ outcome: "rate_changed" });
    expect((await referralsOf([refused.order.id])).size).toBe(0);
  });

  it("through /rest/exchange/create: a padded upper-case rid is the channel's; a malformed or unknown rid still makes the order", async () => {
    const entry = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const create = async (rid: string) => {
      const created = await callApi(
        api.app,
        "/rest/exchange/create",
        createForm(entry, { send_amount: "100", email: "visitor@example.com", rid }),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return created.body.data.exchange_uuid as string;
    };
    const padded = await create(`  ${CODE.toUpperCase()} `);
    const malformed = [
      await create(`${CODE.slice(1)}é`),
      await create("short"),
      await create("x".repeat(40)),
    ];
    const unknown = await create("unknown2code7abc");
    const referrals = await referralsOf([padded, ...malformed, unknown]);
    expect(referrals.get(padded)?.partnerId).toBe(partnerId);
    expect(referrals.size).toBe(1);
  });
});

/** Runs `work` inside a transaction on one connection of either engine, then rolls it back. */
async function inRolledBackTransaction<T>(
  database: TestDatabase,
  work: (
    query: (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>,
  ) => Promise<T>,
): Promise<T> {
  const { client } = database;
  if (client.engine === "pglite") {
    let result: T | undefined;
    await client.pglite.transaction(async (tx) => {
      result = await work(
        async (text, values) => (await tx.query<Record<string, unknown>>(text, values)).rows,
      );
      await tx.rollback();
    });
    return result as T;
  }
  const connection = await client.pool.connect();
  try {
    await connection.query("begin");
    return await work(async (text, values) => (await connection.query(text, values)).rows);
  } finally {
    await connection.query("rollback");
    connection.release();
  }
}
