import { OrderInfo } from "@obmen/contracts";
import { reserveHolds } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeOrderStatus } from "../../../src/orders/lifecycle/change-order-status.ts";
import { createForm, findPair, listPairs } from "../../support/orders.ts";
import { callApi, startTestApi, type TestApi } from "../../support/test-api.ts";

describe("the customer path: create → info → paid → completed → review", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it("walks an order from creation to a review, with the reserve held then consumed", async () => {
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const reserveBefore = pair.currency_pair.receive_currency.currency_in_services.reserve.reserve;

    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { send_amount: "100" }),
      {
        lang: "ru",
      },
    );
    expect(created.status).toBe(200);
    expect(created.body.data.exchange_status).toBe("new");
    const uuid: string = created.body.data.exchange_uuid;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);

    const info = await callApi(
      api.app,
      "/rest/exchange/info",
      { exchange_uuid: uuid },
      { lang: "ru" },
    );
    expect(info.status).toBe(200);
    const order = OrderInfo.parse(info.body.data);
    // 100 USDT × 81.164 RUB, exactly, as decimal strings.
    expect(order).toMatchObject({
      exchange_status: "new",
      send_amount: "100",
      receive_amount: "8116.4",
      rate: { send_rate: "1", receive_rate: "81.164", comission_amount: "0" },
      send_currency: { url_xml: "USDTTRC20", currency_code: "USDT" },
      receive_currency: { url_xml: "SBERRUB", currency_code: "RUB" },
      customer_actions: ["paid", "cancelled"],
      can_review: false,
      payout_reference: null,
    });
    expect(order.payment.target).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    // The demo catalogue's placeholder address, marked so the page warns not to pay it.
    expect(order.payment.demo).toBe(true);
    // The amount as the page writes amounts, its code once, the token's network named.
    expect(order.payment.text).toBe(
      "Отправьте ровно 100\u00a0USDT в сети TRC20 одним переводом на адрес ниже. Другая сеть или сумма задержат обмен.",
    );
    // Masked: anyone with the link reads this (decision 023).
    expect(order.fields.find((f) => f.key === "receive_card_number")?.value).toBe("•••• 1111");
    expect(new Date(order.expires_at).getTime() - new Date(order.created_at).getTime()).toBe(
      30 * 60_000,
    );
    expect(order.history).toEqual([expect.objectContaining({ status: "new", actor: "customer" })]);

    const listed = await listPairs(api.app);
    expect(
      findPair(listed, "USDTTRC20", "SBERRUB").currency_pair.receive_currency.currency_in_services
        .reserve.reserve,
    ).toBe(String(Number(reserveBefore) - 8116.4));

    const paid = await callApi(api.app, "/rest/exchange/update", {
      exchange_uuid: uuid,
      exchange_status: "paid",
      email: "customer@example.com",
    });
    expect(paid.body.data).toEqual({ exchange_uuid: uuid, exchange_status: "paid" });

    for (const to of ["processing", "completed"] as const) {
      await api.db.transaction((tx) =>
        changeOrderStatus({
          tx,
          effects: api.deps.orderEffects,
          orderId: uuid,
          to,
          actor: "operator",
        }),
      );
    }
    const [hold] = await api.db.select().from(reserveHolds).where(eq(reserveHolds.orderId, uuid));
    expect(hold?.state).toBe("consumed");

    const done = OrderInfo.parse(
      (await callApi(api.app, "/rest/exchange/info", { exchange_uuid: uuid })).body.data,
    );
    expect(done.exchange_status).toBe("completed");
    expect(done.history.map((h) => [h.status, h.actor])).toEqual([
      ["new", "customer"],
      ["paid", "customer"],
      ["processing", "operator"],
      ["completed", "operator"],
    ]);
    expect(done.can_review).toBe(true);

    const review = await callApi(api.app, "/rest/exchange/review", {
      exchange_uuid: uuid,
      rating: 5,
      text: "Быстро!",
    });
    expect(review.status).toBe(200);
    const again = await callApi(api.app, "/rest/exchange/review", {
      exchange_uuid: uuid,
      rating: 4,
    });
    expect(again.status).toBe(409);
    const reviewed = (await callApi(api.app, "/rest/exchange/info", { exchange_uuid: uuid })).body
      .data;
    expect(reviewed.review).toEqual({ rating: 5, text: "Быстро!" });
    expect(reviewed.can_review).toBe(false);
  });

  it("computes the send amount when the customer types what to receive", async () => {
    const pair = findPair(await listPairs(api.app), "SBERRUB", "BTC");
    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { send_amount: undefined, receive_amount: "0.01", fixed_side: "receive" }),
    );
    expect(created.status).toBe(200);
    const info = (
      await callApi(api.app, "/rest/exchange/info", {
        exchange_uuid: created.body.data.exchange_uuid,
      })
    ).body.data;
    // (0.01 + 0.0001 fee) × 8,023,700 RUB = 81,039.37 RUB, rounded up to kopecks.
    expect(info.send_amount).toBe("81039.37");
    expect(Number(info.receive_amount)).toBeGreaterThanOrEqual(0.01);
  });

  it("returns the same order for a retried create with the same idempotency key", async () => {
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const form = createForm(pair, { send_amount: "60", idempotency_key: "retry-key-0001" });
    const first = await callApi(api.app, "/rest/exchange/create", form);
    const second = await callApi(api.app, "/rest/exchange/create", form);
    expect(second.body.data.exchange_uuid).toBe(first.body.data.exchange_uuid);
  });

  it("releases the hold when the customer cancels", async () => {
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { send_amount: "70" }),
    );
    const uuid = created.body.data.exchange_uuid;
    const cancelled = await callApi(api.app, "/rest/exchange/update", {
      exchange_uuid: uuid,
      exchange_status: "cancelled",
      email: "customer@example.com",
    });
    expect(cancelled.body.data.exchange_status).toBe("cancelled");
    const [hold] = await api.db.select().from(reserveHolds).where(eq(reserveHolds.orderId, uuid));
    expect(hold?.state).toBe("released");
    const paidLater = await callApi(api.app, "/rest/exchange/update", {
      exchange_uuid: uuid,
      exchange_status: "paid",
      email: "customer@example.com",
    });
    expect(paidLater.status).toBe(409);
    expect(paidLater.body.error.code).toBe("CONFLICT");
  });
});
