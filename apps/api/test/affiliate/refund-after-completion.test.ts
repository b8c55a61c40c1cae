import {
  affiliateLedgerEntries,
  affiliateLedgerLines,
  auditLog,
  currencies,
  mailOutbox,
  orderEvents,
  orders,
  reserveHolds,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAs, signUpUser, type TestUser } from "../account/support/account-data-kit.ts";
import {
  type AdminTestApi,
  adminCall,
  completeOrder,
  signInEveryRole,
  startAdminApi,
} from "../admin/support/admin-kit.ts";
import type { TestApi } from "../support/test-api.ts";
import { credit, ledgerSum, placePaidOrder, seedWithdrawal } from "./support/affiliate-kit.ts";

/** Where a refund's money went back and its reference: every refund gives both (issue 26). */
const REFUND = { refund_to: "card 2202 **** 4415", refund_reference: "RFD-20261128-1" };

/**
 * A refund after completion (issue 18 point 3, decision 039): an admin may move a completed
 * order to `refunded` with a reason; the partner's reward is reversed by a new entry, taking
 * what `available` holds and leaving the rest as a debt the next credits pay off, so the
 * balance never goes below zero; no reserve moves; the event, audit row and letter commit with
 * it. A desk operator may not, and a customer never can.
 */
describe("refund after completion", () => {
  let api: AdminTestApi;
  let cookies: Record<"admin" | "operator" | "editor", string>;
  const REASON = "Chargeback from the card issuer";

  beforeAll(async () => {
    api = await startAdminApi();
    cookies = await signInEveryRole(api);
  });
  afterAll(() => api?.close());

  async function newPartner(email: string): Promise<{ user: TestUser; rid: string }> {
    const user = await signUpUser(api as unknown as TestApi, email);
    const listed = await callAs(api as unknown as TestApi, user, "/rest/ref_channel/list", {});
    expect(listed.status).toBe(200);
    return { user, rid: listed.body.data[0].rid };
  }

  const move = (uuid: string, body: Record<string, unknown>, cookie = cookies.admin) =>
    adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, { cookie, body });

  async function completedOrder(options: { email: string; rid?: string; sendAmount?: string }) {
    const uuid = await placePaidOrder(api.app, options);
    await completeOrder(api, uuid, cookies.operator);
    return uuid;
  }

  /** Each partner account's sum, from the ledger. */
  async function accounts(partnerId: string) {
    const rows = await api.db
      .select({
        account: affiliateLedgerLines.account,
        total: sql<string>`sum(${affiliateLedgerLines.amount})::text`,
      })
      .from(affiliateLedgerLines)
      .where(eq(affiliateLedgerLines.partnerId, partnerId))
      .groupBy(affiliateLedgerLines.account);
    const of = (account: string) =>
      toDecimal(rows.find((row) => row.account === account)?.total ?? "0").toFixed();
    return { available: of("available"), on_hold: of("on_hold"), debt: of("debt") };
  }

  async function rewardOf(orderId: string): Promise<string> {
    const [row] = await api.db
      .select({ total: sql<string>`sum(${affiliateLedgerLines.amount})::text` })
      .from(affiliateLedgerLines)
      .innerJoin(
        affiliateLedgerEntries,
        eq(affiliateLedgerEntries.id, affiliateLedgerLines.entryId),
      )
      .where(
        and(
          eq(affiliateLedgerEntries.orderId, orderId),
          eq(affiliateLedgerEntries.kind, "reward"),
          eq(affiliateLedgerLines.account, "house"),
        ),
      );
    return toDecimal(row!.total).times(-1).toFixed();
  }

  async function reserves() {
    const rows = await api.db
      .select({ url: currencies.urlXml, reserve: currencies.reserve })
      .from(currencies)
      .orderBy(asc(currencies.id));
    return Object.fromEntries(rows.map((row) => [row.url, toDecimal(row.reserve).toFixed()]));
  }

  it("offers the refund on a completed order to an admin only", async () => {
    const uuid = await completedOrder({ email: "offer@example.com" });
    const asAdmin = await adminCall(api, "GET", `/admin/api/orders/${uuid}`, {
      cookie: cookies.admin,
    });
    expect(asAdmin.body.data.next_statuses).toEqual(["refunded"]);
    const asOperator = await adminCall(api, "GET", `/admin/api/orders/${uuid}`, {
      cookie: cookies.operator,
    });
    expect(asOperator.body.data.next_statuses).toEqual([]);
    // Before completion the desk's refund is every desk role's, as it was.
    const processing = await placePaidOrder(api.app, { email: "offer@example.com" });
    await move(processing, { status: "processing" }, cookies.operator);
    const open = await adminCall(api, "GET", `/admin/api/orders/${processing}`, {
      cookie: cookies.operator,
    });
    expect(open.body.data.next_statuses).toContain("refunded");
  });

  it("refuses a desk operator (409: completed is terminal for it), an editor (403) and a missing reason (422), changing nothing", async () => {
    const { user, rid } = await newPartner("refused-partner@example.com");
    const uuid = await completedOrder({ email: "refused@example.com", rid });
    const before = await accounts(user.id);
    const lettersBefore = (await api.db.select().from(mailOutbox)).length;

    const byOperator = await move(
      uuid,
      { status: "refunded", ...REFUND, comment: REASON },
      cookies.operator,
    );
    expect(byOperator.status).toBe(409);
    expect(byOperator.body.error).toMatchObject({
      code: "CONFLICT",
      details: { exchange_status: "completed" },
    });
    const byEditor = await move(
      uuid,
      { status: "refunded", ...REFUND, comment: REASON },
      cookies.editor,
    );
    expect(byEditor.status).toBe(403);
    for (const comment of [undefined, "   "]) {
      const noReason = await move(uuid, {
        status: "refunded",
        ...REFUND,
        ...(comment ? { comment } : {}),
      });
      expect(noReason.status).toBe(422);
      expect(noReason.body.error.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(noReason.body.error.fields)).toEqual(["comment"]);
    }
    const [order] = await api.db.select().from(orders).where(eq(orders.id, uuid));
    expect(order!.status).toBe("completed");
    expect(await accounts(user.id)).toEqual(before);
    expect((await api.db.select().from(mailOutbox)).length).toBe(lettersBefore);
    // A customer can never refund, whatever it sends.
    const byCustomer = await callAs(api as unknown as TestApi, user, "/rest/exchange/update", {
      exchange_uuid: uuid,
      exchange_status: "refunded",
    });
    expect(byCustomer.status).toBeGreaterThanOrEqual(400);
    expect(byCustomer.status).toBeLessThan(500);
  });

  it("reverses the reward by a new entry, moves no reserve, and records event, audit and letter", async () => {
    const { user, rid } = await newPartner("partner-a@example.com");
    const uuid = await completedOrder({ email: "buyer-a@example.com", rid });
    const reward = await rewardOf(uuid);
    expect(toDecimal(reward).gt(0)).toBe(true);
    expect((await accounts(user.id)).available).toBe(reward);
    const reservesBefore = await reserves();

    const refunded = await move(uuid, { status: "refunded", ...REFUND, comment: REASON });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.data.exchange_status).toBe("refunded");
    expect(refunded.body.data.next_statuses).toEqual([]);

    // The reward entry is untouched; a reversal entry takes it back.
    const entries = await api.db
      .select()
      .from(affiliateLedgerEntries)
      .where(eq(affiliateLedgerEntries.orderId, uuid))
      .orderBy(asc(affiliateLedgerEntries.id));
    expect(entries.map((entry) => entry.kind)).toEqual(["reward", "reward_reversal"]);
    const reversalLines = await api.db
      .select({ account: affiliateLedgerLines.account, amount: affiliateLedgerLines.amount })
      .from(affiliateLedgerLines)
      .where(eq(affiliateLedgerLines.entryId, entries[1]!.id))
      .orderBy(asc(affiliateLedgerLines.account));
    expect(reversalLines.map((l) => [l.account, toDecimal(l.amount).toFixed()])).toEqual([
      ["available", toDecimal(reward).times(-1).toFixed()],
      ["house", reward],
    ]);
    expect(await accounts(user.id)).toEqual({ available: "0", on_hold: "0", debt: "0" });
    expect(await ledgerSum(api.db)).toBe("0");

    // Reserves: the completion consumed the hold; the refund moves nothing (decision 039).
    expect(await reserves()).toEqual(reservesBefore);
    const [hold] = await api.db.select().from(reserveHolds).where(eq(reserveHolds.orderId, uuid));
    expect(hold!.state).toBe("consumed");

    const [event] = await api.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, uuid))
      .orderBy(desc(orderEvents.id))
      .limit(1);
    expect(event).toMatchObject({ status: "refunded", actorKind: "operator", comment: REASON });
    const [admin] = await api.db
      .select({ operatorId: auditLog.operatorId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.status"), eq(auditLog.targetId, uuid)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(admin!.operatorId).toBe(event!.actorId);
    expect(admin!.before).toEqual({ status: "completed" });
    expect(admin!.after).toEqual({ status: "refunded", ...REFUND, comment: REASON });
    const [order] = await api.db.select().from(orders).where(eq(orders.id, uuid));
    const [letter] = await api.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "buyer-a@example.com"))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(letter!.kind).toBe("order_status_changed");
    expect(letter!.locale).toBe(order!.locale);
    expect(JSON.stringify(letter!.content)).toContain(REASON);
    expect(JSON.stringify(letter!.content)).toContain('"refunded"');

    // Once only.
    const again = await move(uuid, { status: "refunded", ...REFUND, comment: REASON });
    expect(again.status).toBe(409);
    expect(await accounts(user.id)).toEqual({ available: "0", on_hold: "0", debt: "0" });
  });

  it("never takes available below zero when the reward was withdrawn: the rest is a debt the next reward pays off", async () => {
    const { user, rid } = await newPartner("partner-b@example.com");
    const first = await completedOrder({ email: "buyer-b@example.com", rid });
    const reward = await rewardOf(first);
    await credit(api.db, user.id, "20");
    const all = toDecimal(reward).plus(20).toFixed();
    expect((await seedWithdrawal(api.db, user.id, all)).id).toBeGreaterThan(0);
    expect(await accounts(user.id)).toEqual({ available: "0", on_hold: all, debt: "0" });

    expect((await move(first, { status: "refunded", ...REFUND, comment: REASON })).status).toBe(
      200,
    );
    const owed = toDecimal(reward).times(-1).toFixed();
    expect(await accounts(user.id)).toEqual({ available: "0", on_hold: all, debt: owed });
    // The partner's own balance shows what it owes, so 0 available is explained.
    const info = await callAs(api as unknown as TestApi, user, "/rest/ref_channel/info", {});
    expect(info.status).toBe(200);
    expect(info.body.data.balance).toEqual({
      available: "0",
      on_hold: all,
      paid: "0",
      currency: "USDT",
      debt: reward,
    });
    const partners = await adminCall(api, "GET", "/admin/api/partners", {
      cookie: cookies.operator,
    });
    const listed = partners.body.data.items.find((p: any) => p.email === "partner-b@example.com");
    expect(listed).toMatchObject({ balance: { available: "0", on_hold: all }, debt: reward });
    expect(await ledgerSum(api.db)).toBe("0");

    // The next reward pays the debt first; only the rest becomes available.
    const second = await completedOrder({ email: "buyer-b@example.com", rid, sendAmount: "500" });
    const next = await rewardOf(second);
    expect(toDecimal(next).gt(reward)).toBe(true);
    expect(await accounts(user.id)).toEqual({
      available: toDecimal(next).minus(reward).toFixed(),
      on_hold: all,
      debt: "0",
    });
    expect(await ledgerSum(api.db)).toBe("0");
    const paidDown = await callAs(api as unknown as TestApi, user, "/rest/ref_channel/info", {});
    expect(paidDown.body.data.balance).toMatchObject({
      available: toDecimal(next).minus(reward).toFixed(),
      on_hold: all,
      debt: "0",
    });
    // What the partner's pages show as earned counts each reward whole, however it was split
    // between the debt and available: the refunded order nets to 0, the second its reward.
    const referrals = await callAs(api as unknown as TestApi, user, "/rest/ref_referral/list", {});
    const rewards = Object.fromEntries(
      referrals.body.data.items.map((item: any) => [item.exchange_uuid, item.reward]),
    );
    expect(rewards).toEqual({ [first]: "0", [second]: next });
    const [channel] = (await callAs(api as unknown as TestApi, user, "/rest/ref_channel/list", {}))
      .body.data;
    expect(channel.earned).toBe(next);
  });

  it("a rejected withdrawal's release pays the debt first", async () => {
    const { user, rid } = await newPartner("partner-c@example.com");
    const order = await completedOrder({ email: "buyer-c@example.com", rid });
    const reward = await rewardOf(order);
    await credit(api.db, user.id, "20");
    const all = toDecimal(reward).plus(20).toFixed();
    const withdrawal = await seedWithdrawal(api.db, user.id, all);
    expect((await move(order, { status: "refunded", ...REFUND, comment: REASON })).status).toBe(
      200,
    );
    expect((await accounts(user.id)).debt).toBe(toDecimal(reward).times(-1).toFixed());

    const rejected = await adminCall(
      api,
      "POST",
      `/admin/api/withdrawals/${withdrawal.id}/status`,
      { cookie: cookies.operator, body: { status: "rejected", reason: "Wrong network" } },
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(await accounts(user.id)).toEqual({ available: "20", on_hold: "0", debt: "0" });
    expect(await ledgerSum(api.db)).toBe("0");
  });
});
