import { createHash } from "node:crypto";
import { AdminOrder } from "@obmen/contracts";
import {
  auditLog,
  currencies,
  currencyHeld,
  mailOutbox,
  orderEvents,
  orderReceipts,
  orders,
  reserveHolds,
} from "@obmen/db";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrderCreatorKeys } from "../../src/orders/creator/creator-keys.ts";
import { getOrderInfo } from "../../src/orders/info/get-order-info.ts";
import { withLetter } from "../mail/support/mail-test-kit.ts";
import {
  type AdminTestApi,
  adminCall,
  placeOrder,
  signInEveryRole,
  startAdminApi,
} from "./support/admin-kit.ts";

/** Where a refund's money went back and its reference: every refund gives both (issue 26). */
const REFUND = { refund_to: "card 2202 **** 4415", refund_reference: "RFD-20261128-1" };

async function receiveReserve(api: AdminTestApi) {
  const [row] = await api.db
    .select({ reserve: currencies.reserve, held: currencyHeld.held })
    .from(currencies)
    .leftJoin(currencyHeld, eq(currencyHeld.currencyId, currencies.id))
    .where(eq(currencies.urlXml, "SBERRUB"));
  return { reserve: row!.reserve, held: row!.held ?? "0" };
}

async function sendReserve(api: AdminTestApi) {
  const [row] = await api.db
    .select({ reserve: currencies.reserve })
    .from(currencies)
    .where(eq(currencies.urlXml, "USDTTRC20"));
  return row!.reserve;
}

async function lastLetter(api: AdminTestApi, to: string) {
  const [row] = await api.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return withLetter(row!);
}

async function lastAudit(api: AdminTestApi) {
  const [row] = await api.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row!;
}

describe("the order desk", () => {
  let api: AdminTestApi;
  let cookie: string;
  let operatorId: string;
  beforeAll(async () => {
    api = await startAdminApi();
    cookie = (await signInEveryRole(api)).operator;
    const me = await adminCall(api, "GET", "/admin/api/me", { cookie });
    operatorId = me.body.data.operator.id;
  });
  afterAll(() => api.close());

  it("lists new and paid orders first, oldest first, then the closed ones; filters and searches", async () => {
    const cancelled = await placeOrder(api, { email: "gone@example.com" });
    await adminCall(api, "POST", `/admin/api/orders/${cancelled}/status`, {
      cookie,
      body: { status: "cancelled", comment: "No payment" },
    });
    const first = await placeOrder(api, { email: "first@example.com", sendAmount: "100" });
    const paid = await placeOrder(api, {
      email: "second@example.com",
      paid: true,
      sendAmount: "123.45",
    });

    const all = await adminCall(api, "GET", "/admin/api/orders", { cookie });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.items.map((item: any) => item.exchange_uuid)).toEqual([
      first,
      paid,
      cancelled,
    ]);
    expect(all.body.data.items[1]).toMatchObject({
      exchange_status: "paid",
      send_amount: "123.45",
      receive_amount: expect.any(String),
      send_currency: { url_xml: "USDTTRC20", currency_code: "USDT" },
      receive_currency: { url_xml: "SBERRUB", currency_code: "RUB" },
      email: "second@example.com",
      created_at: expect.any(String),
    });

    const search = async (query: string) =>
      (await adminCall(api, "GET", `/admin/api/orders?${query}`, { cookie })).body.data.items.map(
        (item: any) => item.exchange_uuid,
      );
    expect(await search("status=paid")).toEqual([paid]);
    expect(await search(`q=${paid.slice(0, 8)}`)).toEqual([paid]);
    expect(await search(`q=${paid.toUpperCase()}`)).toEqual([paid]);
    expect(await search(`q=${paid.slice(0, 4)}-`)).toContain(paid);
    expect(await search("q=SECOND%40example")).toEqual([paid]);
    // The e-mail by its start, not any part of it (decision 038: an index answers a start).
    expect(await search("q=econd%40example")).toEqual([]);
    expect(await search("q=123.450")).toEqual([paid]);
    // A value the customer filled in (the demo form's card number), whole, pasted with spaces
    // or dashes, found in every order; a part of it is not a value.
    expect(await search("q=4111%201111-1111%201111")).toHaveLength(3);
    expect(await search("q=4111111111111111")).toHaveLength(3);
    expect(await search("q=4111%201111")).toEqual([]);
    expect(await search("q=100%25")).toEqual([]);
    expect(await search("page=2")).toEqual([]);
  });

  it("refuses a bad query with 400 INVALID_QUERY naming the parameter", async () => {
    for (const query of [
      "status=lost",
      "page=0",
      "page=abc",
      "sort=age",
      "status=new&status=paid",
    ]) {
      const result = await adminCall(api, "GET", `/admin/api/orders?${query}`, { cookie });
      expect(result.status, query).toBe(400);
      expect(result.body.error.code).toBe("INVALID_QUERY");
      expect(Object.keys(result.body.error.fields)).toHaveLength(1);
    }
  });

  it("shows an order with its fields unmasked, receipts, history and possible moves", async () => {
    const uuid = await placeOrder(api, { paid: true });
    const content = Buffer.from("%PDF-1.4 receipt");
    await api.db.insert(orderReceipts).values({
      orderId: uuid,
      fileName: "чек.pdf",
      mimeType: "application/pdf",
      sizeBytes: content.length,
      content,
      sha256: createHash("sha256").update(content).digest("hex"),
    });
    const result = await adminCall(api, "GET", `/admin/api/orders/${uuid}`, { cookie });
    expect(result.status).toBe(200);
    const order = AdminOrder.parse(result.body.data);
    expect(order.fields.find((field) => field.key === "receive_card_number")?.value).toBe(
      "4111111111111111",
    );
    expect(order.events.map((event) => [event.status, event.actor.kind])).toEqual([
      ["new", "customer"],
      ["paid", "customer"],
    ]);
    expect(order.next_statuses).toEqual(["processing", "hold", "error", "cancelled", "refunded"]);
    expect(order.receipts).toEqual([
      expect.objectContaining({ file_name: "чек.pdf", mime_type: "application/pdf" }),
    ]);

    const file = await api.app.inject({
      method: "GET",
      url: order.receipts[0]!.url,
      headers: { cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-security-policy"]).toContain("sandbox");
    expect(file.rawPayload.equals(content)).toBe(true);
    const anonymous = await api.app.inject({ method: "GET", url: order.receipts[0]!.url });
    expect(anonymous.statusCode).toBe(401);

    const missing = await adminCall(api, "GET", `/admin/api/orders/${crypto.randomUUID()}`, {
      cookie,
    });
    expect(missing.status).toBe(404);
    const malformed = await adminCall(api, "GET", "/admin/api/orders/not-a-uuid", { cookie });
    expect(malformed.status).toBe(404);
    // A receipt id beyond what an `integer` holds is refused, never sent to the database (it
    // answered 500 until the contract bounded row ids; found by the console fuzz suite).
    for (const id of ["2147483648", "9007199254740991"]) {
      const huge = await adminCall(api, "GET", `/admin/api/orders/${uuid}/receipts/${id}`, {
        cookie,
      });
      expect(huge.status, id).toBeGreaterThanOrEqual(400);
      expect(huge.status, id).toBeLessThan(500);
      expect(huge.body.error.code, id).toBeTruthy();
    }
  });

  it("completes a paid order: processing, then completed with the payout reference; reserves move once, a letter and an audit row each", async () => {
    const reserveBefore = await receiveReserve(api);
    const sendBefore = await sendReserve(api);
    const uuid = await placeOrder(api, { paid: true, lang: "ru", email: "payee@example.com" });
    const [order] = await api.db.select().from(orders).where(eq(orders.id, uuid));
    const held = await receiveReserve(api);
    expect(Number(held.held) - Number(reserveBefore.held)).toBeCloseTo(
      Number(order!.receiveAmount),
      6,
    );

    const taken = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body: { status: "processing" },
    });
    expect(taken.status).toBe(200);
    expect(taken.body.data.exchange_status).toBe("processing");
    expect((await lastLetter(api, "payee@example.com")).kind).toBe("order_status_changed");

    const noReference = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body: { status: "completed" },
      lang: "uk",
    });
    expect(noReference.status).toBe(422);
    expect(noReference.body.error.fields).toEqual({
      payout_reference: "Номер виплати — обов’язкове поле",
    });

    const done = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body: { status: "completed", payout_reference: "SBP-77812", comment: "Переведено по СБП" },
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      exchange_status: "completed",
      payout_reference: "SBP-77812",
      next_statuses: [],
    });
    expect(done.body.data.events.at(-1)).toMatchObject({
      status: "completed",
      actor: {
        kind: "operator",
        operator_id: operatorId,
        operator_email: "operator@obmen.example",
      },
      comment: "Переведено по СБП",
    });
    const [event] = await api.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, uuid), eq(orderEvents.status, "completed")));
    expect(event).toMatchObject({ actorKind: "operator", actorId: operatorId });

    // The hold is consumed: the payout leaves the receive reserve, the payment joins the send one.
    const [hold] = await api.db.select().from(reserveHolds).where(eq(reserveHolds.orderId, uuid));
    expect(hold!.state).toBe("consumed");
    const after = await receiveReserve(api);
    expect(Number(after.held)).toBeCloseTo(Number(reserveBefore.held), 6);
    expect(Number(reserveBefore.reserve) - Number(after.reserve)).toBeCloseTo(
      Number(order!.receiveAmount),
      6,
    );
    expect(Number(await sendReserve(api)) - Number(sendBefore)).toBeCloseTo(100, 6);

    // The customer's letter, in the order's language, with the operator's comment.
    const letter = await lastLetter(api, "payee@example.com");
    expect(letter.locale).toBe("ru");
    expect(letter.subject).toContain("Выполнена");
    expect(letter.text).toContain("Переведено по СБП");
    // …and the payout's reference, which the customer's order page shows too.
    expect(letter.text).toContain("Номер выплаты: SBP-77812");
    const info = await getOrderInfo({
      db: api.db,
      orderId: uuid,
      lang: "en",
      viewer: { signedIn: null },
      keys: createOrderCreatorKeys("a server secret of thirty-two characters"),
    });
    expect(info.payout_reference).toBe("SBP-77812");

    expect(await lastAudit(api)).toMatchObject({
      operatorId,
      action: "order.status",
      targetType: "order",
      targetId: uuid,
      before: { status: "processing" },
      after: { status: "completed", comment: "Переведено по СБП", payout_reference: "SBP-77812" },
    });

    // Completed is final for a desk operator: a refund after completion is an admin's alone
    // (decision 039), so the operator gets the state machine's 409, and nothing moves.
    const lettersBefore = (await api.db.select().from(mailOutbox)).length;
    for (const body of [
      { status: "refunded", ...REFUND, comment: "oops" },
      { status: "processing" },
    ]) {
      const again = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
        cookie,
        body,
      });
      expect(again.status, body.status).toBe(409);
      expect(again.body.error).toMatchObject({
        code: "CONFLICT",
        details: { exchange_status: "completed" },
      });
    }
    expect((await api.db.select().from(mailOutbox)).length).toBe(lettersBefore);
    expect(await receiveReserve(api)).toEqual(after);
  });

  it("holds with a reason, then refunds: the hold stays through hold and is released by the refund", async () => {
    const before = await receiveReserve(api);
    const uuid = await placeOrder(api, { paid: true, email: "held@example.com" });
    const noReason = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body: { status: "hold" },
    });
    expect(noReason.status).toBe(422);
    expect(Object.keys(noReason.body.error.fields)).toEqual(["comment"]);

    const held = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body: { status: "hold", comment: "Please send a photo of your card" },
    });
    expect(held.status).toBe(200);
    expect((await lastLetter(api, "held@example.com")).text).toContain(
      "Please send a photo of your card",
    );
    expect(
      (await api.db.select().from(reserveHolds).where(eq(reserveHolds.orderId, uuid)))[0]!.state,
    ).toBe("held");

    const refunded = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body: { status: "refunded", ...REFUND, comment: "Refunded to the card" },
    });
    expect(refunded.status).toBe(200);
    expect(
      (await api.db.select().from(reserveHolds).where(eq(reserveHolds.orderId, uuid)))[0]!.state,
    ).toBe("released");
    expect(await receiveReserve(api)).toEqual(before);
  });

  it("asks a refund where the money went back and its reference, and keeps both in the history", async () => {
    const uuid = await placeOrder(api, { paid: true, email: "refund-details@example.com" });
    const lettersBefore = (await api.db.select().from(mailOutbox)).length;
    for (const [body, missing] of [
      [{ status: "refunded", comment: "Card declined" }, ["refund_to", "refund_reference"]],
      [{ status: "refunded", refund_to: "  ", refund_reference: "RFD-1" }, ["refund_to"]],
      [{ status: "refunded", refund_to: "card 2202 **** 4415" }, ["refund_reference"]],
    ] as const) {
      const refused = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
        cookie,
        body,
        lang: "ru",
      });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.error.fields).sort()).toEqual([...missing].sort());
      // Named as the operator reads it, in the operator's language, never by its key.
      if ((missing as readonly string[]).includes("refund_reference")) {
        expect(refused.body.error.fields.refund_reference).toContain("Номер возврата");
      }
    }
    // Only a refund names a refund.
    const wrongMove = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body: { status: "processing", ...REFUND },
    });
    expect(wrongMove.status).toBe(422);
    expect(Object.keys(wrongMove.body.error.fields)).toEqual(["refund_to"]);
    expect((await api.db.select().from(mailOutbox)).length).toBe(lettersBefore);
    const untouched = await adminCall(api, "GET", `/admin/api/orders/${uuid}`, { cookie });
    expect(untouched.body.data.exchange_status).toBe("paid");
    expect(untouched.body.data.refund).toBeNull();

    const refunded = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body: { status: "refunded", ...REFUND, comment: "Card declined" },
    });
    expect(refunded.status).toBe(200);
    const order = AdminOrder.parse(refunded.body.data);
    const expected = { refund_to: REFUND.refund_to, reference: REFUND.refund_reference };
    expect(order.refund).toEqual(expected);
    expect(order.events.at(-1)).toMatchObject({ status: "refunded", refund: expected });
    expect(order.events.filter((event) => event.refund !== null)).toHaveLength(1);
    expect(await lastAudit(api)).toMatchObject({
      action: "order.status",
      targetId: uuid,
      after: { status: "refunded", comment: "Card declined", ...REFUND },
    });
  });

  it("cancels an unpaid order (releasing its hold), and refuses a move the state machine forbids", async () => {
    const before = await receiveReserve(api);
    const uuid = await placeOrder(api);
    const completeUnpaid = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body: { status: "completed", payout_reference: "X-1" },
    });
    expect(completeUnpaid.status).toBe(409);
    const payoutOnCancel = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body: { status: "cancelled", payout_reference: "X-1" },
    });
    expect(payoutOnCancel.status).toBe(422);
    const unknownStatus = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body: { status: "paid" },
    });
    expect(unknownStatus.status).toBe(422);

    const cancelled = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body: { status: "cancelled" },
    });
    expect(cancelled.status).toBe(200);
    expect(await receiveReserve(api)).toEqual(before);
    const missing = await adminCall(
      api,
      "POST",
      `/admin/api/orders/${crypto.randomUUID()}/status`,
      {
        cookie,
        body: { status: "cancelled" },
      },
    );
    expect(missing.status).toBe(404);
  });
});
