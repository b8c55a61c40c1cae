import { randomUUID } from "node:crypto";
import { currencies, orders, reserveHolds } from "@obmen/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireDueOrders } from "../../../src/orders/lifecycle/expire-order.ts";
import { createForm, findPair, listPairs } from "../../support/orders.ts";
import { callApi, startTestApi, type TestApi } from "../../support/test-api.ts";

describe("reserve holds under concurrency, and expiry", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ jobs: true, orderLifetimeMs: 1_500 });
  });
  afterAll(() => api.close());

  it("never holds more than the reserve when 200 orders race for it", async () => {
    // 50,000 RUB of reserve; each order pays out 100 USDT × 81.164 = 8,116.40 RUB: six fit.
    await api.db
      .update(currencies)
      .set({ reserve: "50000" })
      .where(eq(currencies.urlXml, "SBERRUB"));
    await api.catalogueChanges.publish();
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const sber = pair.currency_pair.receive_currency.id;

    // Each create carries its own idempotency key, as the SDK sends: 200 distinct customers.
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        callApi(
          api.app,
          "/rest/exchange/create",
          createForm(pair, { send_amount: "100", idempotency_key: randomUUID() }),
        ),
      ),
    );
    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(accepted).toHaveLength(6);
    expect(new Set(refused.map((r) => r.body.error.code))).toEqual(
      new Set(["INSUFFICIENT_RESERVE"]),
    );
    // Refused under the lock, a create says how much still fits: 50,000 − 6 × 8,116.40 RUB.
    expect(refused.map((r) => Number(r.body.error.details.max_receive_sum))).toContain(1301.6);

    const [held] = await api.db
      .select({ total: sql<string>`sum(${reserveHolds.amount})::text` })
      .from(reserveHolds)
      .where(and(eq(reserveHolds.currencyId, sber), eq(reserveHolds.state, "held")));
    expect(Number(held?.total)).toBeCloseTo(6 * 8116.4, 6);
    expect(Number(held?.total)).toBeLessThanOrEqual(50_000);
  });

  it("expires an unpaid order after its rate lock and releases the hold (the sweep)", async () => {
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    await api.db
      .update(currencies)
      .set({ reserve: "18500000" })
      .where(eq(currencies.urlXml, "SBERRUB"));
    await api.catalogueChanges.publish();
    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { send_amount: "100" }),
    );
    const uuid = created.body.data.exchange_uuid;

    let status = "new";
    for (let i = 0; i < 40 && status === "new"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      [{ status }] = (await api.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, uuid))) as [{ status: string }];
    }
    expect(status).toBe("expired");
    const [hold] = await api.db.select().from(reserveHolds).where(eq(reserveHolds.orderId, uuid));
    expect(hold?.state).toBe("released");
    const info = (await callApi(api.app, "/rest/exchange/info", { exchange_uuid: uuid })).body.data;
    expect(info.history.at(-1)).toMatchObject({ status: "expired", actor: "system" });
    expect(info.customer_actions).toEqual([]);
  });

  it("refuses 'paid' once the rate lock has passed, even before the job runs", async () => {
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { send_amount: "100" }),
    );
    const uuid = created.body.data.exchange_uuid;
    await api.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, uuid));
    const late = await callApi(api.app, "/rest/exchange/update", {
      exchange_uuid: uuid,
      exchange_status: "paid",
      email: "customer@example.com",
    });
    expect(late.status).toBe(409);
    expect(late.body.error.details).toEqual({ exchange_status: "expired" });
  });
});

describe("/rest/exchange/update refusals", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it("lets the customer set only paid and cancelled, from new only", async () => {
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const uuid = (
      await callApi(api.app, "/rest/exchange/create", createForm(pair, { send_amount: "100" }))
    ).body.data.exchange_uuid;
    const completed = await callApi(api.app, "/rest/exchange/update", {
      exchange_uuid: uuid,
      exchange_status: "completed",
      email: "customer@example.com",
    });
    expect(completed.status).toBe(403);
    expect(completed.body.error.code).toBe("FORBIDDEN");
    const bogus = await callApi(api.app, "/rest/exchange/update", {
      exchange_uuid: uuid,
      exchange_status: "done",
      email: "customer@example.com",
    });
    expect(bogus.status).toBe(422);
    await callApi(api.app, "/rest/exchange/update", {
      exchange_uuid: uuid,
      exchange_status: "paid",
      email: "customer@example.com",
    });
    const cancel = await callApi(api.app, "/rest/exchange/update", {
      exchange_uuid: uuid,
      exchange_status: "cancelled",
      email: "customer@example.com",
    });
    expect(cancel.status).toBe(409);
    const twice = await callApi(api.app, "/rest/exchange/update", {
      exchange_uuid: uuid,
      exchange_status: "paid",
      email: "customer@example.com",
    });
    expect(twice.status).toBe(409);
    const review = await callApi(api.app, "/rest/exchange/review", {
      exchange_uuid: uuid,
      rating: 5,
    });
    expect(review.status).toBe(409);
  });

  it("shows an order past its rate lock as expired before the sweep has run", async () => {
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const uuid = (
      await callApi(api.app, "/rest/exchange/create", createForm(pair, { send_amount: "100" }))
    ).body.data.exchange_uuid;
    await api.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, uuid));
    const info = (await callApi(api.app, "/rest/exchange/info", { exchange_uuid: uuid })).body.data;
    expect(info.exchange_status).toBe("expired");
    expect(info.customer_actions).toEqual([]);
    // No process runs jobs here: the order row itself is still `new`.
    const [row] = await api.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, uuid));
    expect(row?.status).toBe("new");
  });

  it("sweeps every due order, a batch at a time, and leaves the others", async () => {
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const sweep = (limit?: number) =>
      expireDueOrders({ db: api.db, effects: api.deps.orderEffects, limit });
    await sweep(); // whatever earlier tests left due
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await callApi(
        api.app,
        "/rest/exchange/create",
        createForm(pair, { send_amount: "100" }),
      );
      ids.push(created.body.data.exchange_uuid);
    }
    await api.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(orders.id, ids.slice(0, 3)));
    expect(await sweep(2)).toBe(3);
    const rows = await api.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, ids));
    const statusOf = new Map(rows.map((row) => [row.id, row.status]));
    expect(ids.map((id) => statusOf.get(id))).toEqual(["expired", "expired", "expired", "new"]);
  });

  it("answers an unknown order with NOT_FOUND and a malformed uuid with a field error", async () => {
    const unknown = await callApi(api.app, "/rest/exchange/info", {
      exchange_uuid: "6f1c2c55-9a3e-4c1b-8f7e-2d6b1a0c9e11",
    });
    expect(unknown.status).toBe(404);
    const malformed = await callApi(api.app, "/rest/exchange/info", {
      exchange_uuid: "1' or '1'='1",
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.fields).toHaveProperty("exchange_uuid");
  });
});
