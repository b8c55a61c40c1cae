import { currencies, currencyHeld, orders, reserveHolds } from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeOrderStatus } from "../../../src/orders/lifecycle/change-order-status.ts";
import { expireDueOrders } from "../../../src/orders/lifecycle/expire-order.ts";
import { createForm, findPair, listPairs } from "../../support/orders.ts";
import { callApi, startTestApi, type TestApi } from "../../support/test-api.ts";

/**
 * `currency_held` decides every new hold (create_order), so it must equal the sum of the
 * open holds through every way a hold is taken, released or consumed.
 */
describe("currency_held, the open holds' total kept by the database", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  async function heldColumnAndSum() {
    const { rows } = await api.db.execute<{ url_xml: string; held: string; sum: string }>(sql`
      select c.url_xml, coalesce(t.held, 0)::text as held,
        coalesce(sum(h.amount), 0)::text as sum
      from currencies c
      left join currency_held t on t.currency_id = c.id
      left join reserve_holds h on h.currency_id = c.id and h.state = 'held'
      group by c.id, t.held order by c.id`);
    return rows.map((row) => ({
      currency: row.url_xml,
      held: Number(row.held),
      sum: Number(row.sum),
    }));
  }

  async function create(from: string, to: string, sendAmount: string) {
    const pair = findPair(await listPairs(api.app), from, to);
    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { send_amount: sendAmount }),
    );
    expect(created.status).toBe(200);
    return created.body.data.exchange_uuid as string;
  }

  it("follows creates, cancels, expiries and completions", async () => {
    const cancelled = await create("USDTTRC20", "SBERRUB", "100");
    const completed = await create("USDTTRC20", "SBERRUB", "200");
    const expired = await create("BTC", "USDTTRC20", "0.01");
    await create("SBERRUB", "BTC", "10000");

    const sber = (await heldColumnAndSum()).find((row) => row.currency === "SBERRUB")!;
    expect(sber.held).toBeCloseTo(300 * 81.164, 6);

    await callApi(api.app, "/rest/exchange/update", {
      exchange_uuid: cancelled,
      exchange_status: "cancelled",
      email: "customer@example.com",
    });
    for (const to of ["paid", "processing", "completed"] as const) {
      await api.db.transaction((tx) =>
        changeOrderStatus({
          tx,
          effects: api.deps.orderEffects,
          orderId: completed,
          to,
          actor: to === "paid" ? "customer" : "operator",
        }),
      );
    }
    await api.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(orders.id, expired));
    expect(await expireDueOrders({ db: api.db, effects: api.deps.orderEffects })).toBe(1);

    const states = await api.db.select({ state: reserveHolds.state }).from(reserveHolds);
    expect(states.map((row) => row.state).sort()).toEqual([
      "consumed",
      "held",
      "released",
      "released",
    ]);
    for (const row of await heldColumnAndSum()) expect(row.held).toBeCloseTo(row.sum, 12);
    // A currency's row appears with its first hold and stays, back at zero once none is open.
    const [usdt] = await api.db
      .select({ held: currencyHeld.held })
      .from(currencyHeld)
      .innerJoin(currencies, eq(currencies.id, currencyHeld.currencyId))
      .where(eq(currencies.urlXml, "USDTTRC20"));
    expect(usdt?.held).toBe("0");
  });
});
