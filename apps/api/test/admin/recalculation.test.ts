import {
  auditLog,
  currencies,
  currencyHeld,
  currencyPairs,
  mailOutbox,
  orderEvents,
  orders,
  reserveHolds,
} from "@obmen/db";
import { quoteReceive } from "@obmen/domain";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSmtpMailer } from "../../src/mail/index.ts";
import { dispatchOnce, MAIL_FROM, withLetter } from "../mail/support/mail-test-kit.ts";
import { type SmtpSink, startSmtpSink } from "../mail/support/smtp-sink.ts";
import { createForm, findPair, listPairs } from "../support/orders.ts";
import { callApi } from "../support/test-api.ts";
import {
  type AdminTestApi,
  adminCall,
  placeOrder,
  signInEveryRole,
  startAdminApi,
} from "./support/admin-kit.ts";

/** Where a refund's money went back and its reference: every refund gives both (issue 26). */
const REFUND = { refund_to: "card 2202 **** 4415", refund_reference: "RFD-20261128-1" };

/** Issue 14 point 3 (decision 035), through HTTP: the console's recalculation and the answers. */
describe("recalculation at the current rate", () => {
  let api: AdminTestApi;
  let cookie: string;
  let sink: SmtpSink;
  beforeAll(async () => {
    api = await startAdminApi();
    cookie = (await signInEveryRole(api)).operator;
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await api.close();
    await sink.close();
  });
  beforeEach(() => {
    sink.messages.length = 0;
  });

  const recalculate = (uuid: string, body: Record<string, unknown> = {}, lang = "en") =>
    adminCall(api, "POST", `/admin/api/orders/${uuid}/recalculate`, { cookie, body, lang });

  async function orderRow(uuid: string) {
    const [row] = await api.db.select().from(orders).where(eq(orders.id, uuid));
    return row!;
  }
  async function hold(uuid: string) {
    const [row] = await api.db.select().from(reserveHolds).where(eq(reserveHolds.orderId, uuid));
    return row!;
  }
  async function rubHeld() {
    const [row] = await api.db
      .select({ id: currencies.id, held: currencyHeld.held, reserve: currencies.reserve })
      .from(currencies)
      .leftJoin(currencyHeld, eq(currencyHeld.currencyId, currencies.id))
      .where(eq(currencies.urlXml, "SBERRUB"));
    return { id: row!.id, held: row!.held ?? "0", reserve: row!.reserve };
  }
  /** The pair's rate moves after the order was placed: the recalculation must use the new one. */
  async function moveRate(uuid: string, receiveRate: string) {
    const order = await orderRow(uuid);
    await api.db
      .update(currencyPairs)
      .set({ receiveRate })
      .where(eq(currencyPairs.id, order.pairId));
    const [pair] = await api.db
      .select()
      .from(currencyPairs)
      .where(eq(currencyPairs.id, order.pairId));
    return pair!;
  }
  async function deliverLetters() {
    const report = await dispatchOnce(api.db, createSmtpMailer(sink.url, MAIL_FROM));
    expect(report.delivered).toBe(report.claimed);
    return sink.messages;
  }

  it("prices what arrived at the current rate, moves the hold, records event, audit and letter", async () => {
    const uuid = await placeOrder(api, { paid: true, sendAmount: "100", lang: "uk" });
    const before = await orderRow(uuid);
    const heldBefore = await rubHeld();
    const pair = await moveRate(uuid, "95.5");
    const expected = quoteReceive({
      rate: {
        send_rate: pair.sendRate,
        receive_rate: pair.receiveRate,
        comission_amount: pair.comissionAmount,
      },
      sendAmount: "120",
      sendDecimals: 6,
      receiveDecimals: 2,
    });

    const preview = await adminCall(
      api,
      "GET",
      `/admin/api/orders/${uuid}/recalculation?received_amount=120`,
      { cookie },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      latest: null,
      preview: { send_amount: "120", reserve_covers: true },
    });
    expect(Number(preview.body.data.preview.receive_amount)).toBe(Number(expected.receiveAmount));

    const result = await recalculate(uuid, { received_amount: "120", comment: "Пришло 120" });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data).toMatchObject({ exchange_uuid: uuid, exchange_status: "hold" });

    const after = await orderRow(uuid);
    expect(after).toMatchObject({ status: "hold", sendAmount: "120", receiveRate: "95.5" });
    expect(Number(after.receiveAmount)).toBe(Number(expected.receiveAmount));
    // The hold now covers the new amount instead of the old: held moved by the difference.
    expect(await hold(uuid)).toMatchObject({ state: "held", amount: after.receiveAmount });
    const heldAfter = await rubHeld();
    expect(Number(heldAfter.held)).toBeCloseTo(
      Number(heldBefore.held) - Number(before.receiveAmount) + Number(after.receiveAmount),
      8,
    );

    const [event] = await api.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, uuid))
      .orderBy(desc(orderEvents.id))
      .limit(1);
    expect(event).toMatchObject({ status: "hold", actorKind: "operator", comment: "Пришло 120" });
    expect(event!.actorId).toEqual(expect.any(String));

    const [audit] = await api.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: "order.recalculate", targetId: uuid });
    expect(audit!.before).toMatchObject({ status: "paid", send_amount: "100" });
    expect(audit!.after).toMatchObject({ status: "hold", send_amount: "120" });

    const [outbox] = await api.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, "customer@example.com"), eq(mailOutbox.kind, "order_recalculated")),
      )
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(withLetter(outbox!).subject).toBe(
      `Заявка ${uuid.slice(0, 8)}: перерахунок за поточним курсом`,
    );
    const letters = await deliverLetters();
    const letter = letters.find((mail) => mail.subject.includes("перерахунок"));
    expect(letter).toBeDefined();
    // The formatter keeps number and code together with a no-break space.
    const text = letter!.text.replaceAll("\u00a0", " ");
    // Both sets of amounts, written by the one formatter (decision 022), and the page's link.
    expect(text).toContain("Було: ви віддаєте 100 USDT");
    expect(text).toContain("ви віддали 120 USDT");
    expect(text).toContain("Пришло 120");
    expect(text).toContain(`/uk/order/${uuid}`);

    const refused = await recalculate(uuid, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("CONFLICT");
  });

  it("refuses what makes no sense: a new order, a bad amount, more than the reserve", async () => {
    const fresh = await placeOrder(api);
    const conflict = await recalculate(fresh, {}, "ru");
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatchObject({ code: "CONFLICT", message: expect.any(String) });

    const paid = await placeOrder(api, { paid: true });
    for (const [amount, message] of [
      ["1.2345678", "At most 6 decimal places"],
      ["0", "greater than zero"],
    ] as const) {
      const refused = await recalculate(paid, { received_amount: amount });
      expect(refused.status, amount).toBe(422);
      expect(refused.body.error.fields.received_amount).toContain(message);
    }
    const malformed = await recalculate(paid, { received_amount: "1e5" });
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.fields).toHaveProperty("received_amount");

    const heldBefore = await rubHeld();
    const holdBefore = await hold(paid);
    await api.db
      .update(currencies)
      .set({ reserve: heldBefore.held })
      .where(eq(currencies.id, heldBefore.id));
    try {
      const tooMuch = await recalculate(paid, { received_amount: "200" });
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.body.error.code).toBe("INSUFFICIENT_RESERVE");
      const preview = await adminCall(
        api,
        "GET",
        `/admin/api/orders/${paid}/recalculation?received_amount=200`,
        { cookie },
      );
      expect(preview.body.data.preview.reserve_covers).toBe(false);
      // Nothing moved.
      expect(await hold(paid)).toMatchObject({ amount: holdBefore.amount, state: "held" });
      expect((await orderRow(paid)).status).toBe("paid");
    } finally {
      await api.db
        .update(currencies)
        .set({ reserve: heldBefore.reserve })
        .where(eq(currencies.id, heldBefore.id));
    }
  });

  it("takes a late payment of an expired order: the released hold is held again", async () => {
    const uuid = await placeOrder(api);
    await api.db.update(orders).set({ status: "expired" }).where(eq(orders.id, uuid));
    await api.db
      .update(reserveHolds)
      .set({ state: "released" })
      .where(eq(reserveHolds.orderId, uuid));
    const heldBefore = await rubHeld();
    const result = await recalculate(uuid);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const after = await orderRow(uuid);
    expect(after.status).toBe("hold");
    expect(await hold(uuid)).toMatchObject({ state: "held", amount: after.receiveAmount });
    expect(Number((await rubHeld()).held)).toBeCloseTo(
      Number(heldBefore.held) + Number(after.receiveAmount),
      8,
    );
  });

  it("the customer accepts: the order goes on to processing, and completion pays the new amount", async () => {
    const uuid = await placeOrder(api, { paid: true });
    await recalculate(uuid, { received_amount: "90" });
    const info = await callApi(api.app, "/rest/exchange/recalculation", { exchange_uuid: uuid });
    expect(info.status).toBe(200);
    const { recalculation, can_answer } = info.body.data;
    expect(can_answer).toBe(true);
    expect(recalculation).toMatchObject({
      state: "proposed",
      previous: { send_amount: "100" },
      current: { send_amount: "90" },
    });

    const stale = await callApi(api.app, "/rest/exchange/recalculation/accept", {
      exchange_uuid: uuid,
      recalculation_id: recalculation.id + 1000,
      email: "customer@example.com",
    });
    expect(stale.status).toBe(409);

    // The link alone cannot answer, nor can a wrong e-mail (decision 052).
    for (const email of [undefined, "someone@example.com"]) {
      const refused = await callApi(api.app, "/rest/exchange/recalculation/accept", {
        exchange_uuid: uuid,
        recalculation_id: recalculation.id,
        ...(email ? { email } : {}),
      });
      expect(refused.status).toBe(403);
      expect(Object.keys(refused.body.error.fields)).toEqual(["email"]);
    }
    expect((await orderRow(uuid)).status).toBe("hold");

    const accepted = await callApi(api.app, "/rest/exchange/recalculation/accept", {
      exchange_uuid: uuid,
      recalculation_id: recalculation.id,
      email: "customer@example.com",
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toEqual({ exchange_uuid: uuid, exchange_status: "processing" });
    const again = await callApi(api.app, "/rest/exchange/recalculation/accept", {
      exchange_uuid: uuid,
      recalculation_id: recalculation.id,
      email: "customer@example.com",
    });
    expect(again.status).toBe(409);

    const [event] = await api.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, uuid))
      .orderBy(desc(orderEvents.id))
      .limit(1);
    expect(event).toMatchObject({ status: "processing", actorKind: "customer" });

    const order = await orderRow(uuid);
    const heldBefore = await rubHeld();
    const completed = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body: { status: "completed", payout_reference: "TX-1" },
    });
    expect(completed.status).toBe(200);
    expect(await hold(uuid)).toMatchObject({ state: "consumed", amount: order.receiveAmount });
    expect(Number((await rubHeld()).held)).toBeCloseTo(
      Number(heldBefore.held) - Number(order.receiveAmount),
      8,
    );
  });

  it("the customer asks for a refund to a checked card: an operator marks it refunded", async () => {
    const uuid = await placeOrder(api, { paid: true });
    await recalculate(uuid, { received_amount: "80" });
    const { recalculation } = (
      await callApi(api.app, "/rest/exchange/recalculation", { exchange_uuid: uuid })
    ).body.data;
    const refund = (refund_to: string, lang: "ru" | "en" = "en") =>
      callApi(
        api.app,
        "/rest/exchange/recalculation/refund",
        {
          exchange_uuid: uuid,
          recalculation_id: recalculation.id,
          refund_to,
          email: "customer@example.com",
        },
        { lang },
      );
    // USDT TRC20 is the send currency here: the refund goes to a TRON address.
    const bad = await refund("4111 1111 1111 1111", "ru");
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.refund_to).toEqual(expect.any(String));
    const empty = await refund("");
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields.refund_to).toContain("Refund details");

    const address = "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL";
    const asked = await refund(address);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data.exchange_status).toBe("hold");
    const info = await callApi(api.app, "/rest/exchange/recalculation", { exchange_uuid: uuid });
    expect(info.body.data).toMatchObject({
      can_answer: false,
      recalculation: { state: "refund_requested", refund_to: address },
    });
    const [event] = await api.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, uuid))
      .orderBy(desc(orderEvents.id))
      .limit(1);
    expect(event).toMatchObject({ status: "hold", actorKind: "customer", comment: address });

    const refunded = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body: { status: "refunded", ...REFUND, comment: "Returned" },
    });
    expect(refunded.status).toBe(200);
    expect((await hold(uuid)).state).toBe("released");
  });

  it("a refund to a card (a bank send side) is checked by Luhn and masked for the link's holder", async () => {
    const pair = findPair(await listPairs(api.app), "SBERRUB", "USDTTRC20");
    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { send_amount: "10000", email: "card@example.com" }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const uuid: string = created.body.data.exchange_uuid;
    await callApi(api.app, "/rest/exchange/update", {
      exchange_uuid: uuid,
      exchange_status: "paid",
      creator_key: created.body.data.creator_key,
    });
    expect((await recalculate(uuid, { received_amount: "9000" })).status).toBe(200);
    const { recalculation } = (
      await callApi(api.app, "/rest/exchange/recalculation", { exchange_uuid: uuid })
    ).body.data;
    const refund = (refund_to: string) =>
      callApi(api.app, "/rest/exchange/recalculation/refund", {
        exchange_uuid: uuid,
        recalculation_id: recalculation.id,
        refund_to,
        email: "card@example.com",
      });
    expect((await refund("4111 1111 1111 1112")).status).toBe(422);
    expect((await refund("4111 1111 1111 1111")).status).toBe(200);

    const info = await callApi(api.app, "/rest/exchange/recalculation", { exchange_uuid: uuid });
    expect(info.body.data.recalculation.refund_to).toBe("•••• 1111");
    const order = await callApi(api.app, "/rest/exchange/info", { exchange_uuid: uuid });
    expect(JSON.stringify(order.body.data.history)).not.toContain("4111");
    // The operator, who sends the money, reads it whole.
    const view = await adminCall(api, "GET", `/admin/api/orders/${uuid}/recalculation`, {
      cookie,
    });
    expect(view.body.data.latest.refund_to).toBe("4111111111111111");
  });

  it("two operators recalculating at once: one wins, the other gets 409, the hold moves once", async () => {
    const uuid = await placeOrder(api, { paid: true });
    const heldBefore = await rubHeld();
    const before = await orderRow(uuid);
    const results = await Promise.all([
      recalculate(uuid, { received_amount: "110" }),
      recalculate(uuid, { received_amount: "130" }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const after = await orderRow(uuid);
    expect(Number((await rubHeld()).held)).toBeCloseTo(
      Number(heldBefore.held) - Number(before.receiveAmount) + Number(after.receiveAmount),
      8,
    );
    const events = await api.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, uuid), eq(orderEvents.actorKind, "operator")));
    expect(events).toHaveLength(1);
  });
});
