import {
  affiliateClicks,
  affiliateLedgerEntries,
  affiliateOrderReferrals,
  auditLog,
  mailOutbox,
  orders,
  users,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reverseOrderReward } from "../../src/affiliate/rewards/post-order-reward.ts";
import { callAs, signUpUser, type TestUser } from "../account/support/account-data-kit.ts";
import { call } from "../account/support/account-kit.ts";
import {
  type AdminTestApi,
  adminCall,
  completeOrder,
  signInEveryRole,
  startAdminApi,
} from "../admin/support/admin-kit.ts";
import type { TestApi } from "../support/test-api.ts";
import {
  credit,
  ledgerSum,
  placePaidOrder,
  TRON_ADDRESS,
  usdtTrc20,
} from "./support/affiliate-kit.ts";

/**
 * The programme end to end through the real app (decision 029): a partner's link, a click, an
 * order made with its rid, the operator's completion crediting the reward in the same
 * transaction, a withdrawal held on the ledger, paid or rejected at the desk; and isolation.
 */
describe("affiliate programme", () => {
  let api: AdminTestApi;
  let partner: TestUser;
  let other: TestUser;
  let operator: string;
  let rid: string;
  beforeAll(async () => {
    api = await startAdminApi();
    partner = await signUpUser(api as unknown as TestApi, "partner@example.com", "uk");
    other = await signUpUser(api as unknown as TestApi, "other@example.com");
    operator = (await signInEveryRole(api)).operator;
  });
  afterAll(() => api?.close());

  const as = (
    user: TestUser,
    path: string,
    payload: Record<string, unknown> = {},
    lang?: "en" | "ru" | "uk",
  ) => callAs(api as unknown as TestApi, user, path, payload, { lang });

  const complete = (uuid: string) => completeOrder(api, uuid, operator);

  it("gives a partner a default channel with an unguessable, URL-safe rid on first use", async () => {
    const listed = await as(partner, "/rest/ref_channel/list");
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        name: "Main link",
        is_default: true,
        clicks: 0,
        registrations: 0,
        orders: 0,
        earned: "0",
      }),
    ]);
    rid = listed.body.data[0].rid;
    expect(rid).toMatch(/^[a-z2-7]{16}$/);
    expect(listed.body.data[0].ref_link).toBe(`https://obmen.example/?rid=${rid}`);
    const info = await as(partner, "/rest/ref_channel/info");
    expect(info.body.data).toEqual({
      ref_link: listed.body.data[0].ref_link,
      balance: { available: "0", on_hold: "0", paid: "0", currency: "USDT", debt: "0" },
      share: "0.3",
      min_withdrawal: "10",
    });
    // The published contract documents the debt beside the balances (decision 039).
    const openApi = (await api.app.inject({ method: "GET", url: "/rest/openapi.json" })).json();
    const balance =
      openApi.paths["/rest/ref_channel/info"].post.responses["200"].content["application/json"]
        .schema.properties.data.properties.balance;
    expect(balance.required).toEqual(["available", "on_hold", "paid", "currency", "debt"]);
    expect(balance.properties.debt.description).toMatch(/owes.*refunded after completion/);
  });

  it("creates labelled channels; a blank name is a 422 under name", async () => {
    const created = await as(partner, "/rest/ref_channel/create", { name: " Telegram\n" });
    expect(created.status, created.text).toBe(200);
    expect(created.body.data).toMatchObject({ name: "Telegram", is_default: false });
    const blank = await as(partner, "/rest/ref_channel/create", { name: " \t" }, "ru");
    expect(blank.status).toBe(422);
    expect(blank.body.error.fields.name).toBeTypeOf("string");
  });

  it("counts a click once per visitor and day, without the IP in the database", async () => {
    const click = (ip: string, code = rid) =>
      call(api as unknown as TestApi, "/rest/ref_channel/click", { rid: code }, { ip });
    expect((await click("192.0.2.10")).body.data).toEqual({ counted: true });
    expect((await click("192.0.2.10")).body.data).toEqual({ counted: false });
    expect((await click("192.0.2.11")).body.data).toEqual({ counted: true });
    expect((await click("192.0.2.11", "unknownrid0000")).body.data).toEqual({ counted: false });
    const rows = await api.db.select().from(affiliateClicks);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain("192.0.2.");
    const [channel] = (await as(partner, "/rest/ref_channel/list")).body.data;
    expect(channel.clicks).toBe(2);
  });

  it("attributes an order made with the rid, and credits 0.3 of the profit when the operator completes it", async () => {
    const uuid = await placePaidOrder(api.app, { email: "Customer@Example.com", rid });
    const [referral] = await api.db
      .select()
      .from(affiliateOrderReferrals)
      .where(eq(affiliateOrderReferrals.orderId, uuid));
    expect(referral?.partnerId).toBe(partner.id);
    await complete(uuid);

    const [order] = await api.db.select().from(orders).where(eq(orders.id, uuid));
    const [entry] = await api.db
      .select()
      .from(affiliateLedgerEntries)
      .where(
        and(eq(affiliateLedgerEntries.orderId, uuid), eq(affiliateLedgerEntries.kind, "reward")),
      );
    expect(entry).toBeDefined();
    const info = await as(partner, "/rest/ref_channel/info");
    const available = info.body.data.balance.available as string;
    expect(toDecimal(available).gt(0)).toBe(true);
    // USDT → RUB: the profit in RUB at the real rate, back to USDT by the same pair's real rate.
    const profitRub = toDecimal(order!.sendAmount)
      .times(order!.receiveRateReal)
      .div(order!.sendRateReal)
      .minus(order!.receiveAmount)
      .minus(order!.comissionAmount);
    const expected = profitRub
      .times(order!.sendRateReal)
      .div(order!.receiveRateReal)
      .times("0.3")
      .round(2, 0)
      .toFixed();
    expect(available).toBe(toDecimal(expected).toFixed());

    const referrals = await as(partner, "/rest/ref_referral/list");
    expect(referrals.body.data.items).toEqual([
      expect.objectContaining({
        exchange_uuid: uuid,
        exchange_status: "completed",
        reward: available,
      }),
    ]);
    expect(JSON.stringify(referrals.body)).not.toContain("xample.com");
    const [channel] = (await as(partner, "/rest/ref_channel/list")).body.data;
    expect(channel).toMatchObject({ orders: 1, earned: available });
    expect(await ledgerSum(api.db)).toBe("0");
  });

  it("pays nothing for a partner's own order, or for an order without a rid", async () => {
    const own = await placePaidOrder(api.app, { email: "PARTNER@example.com", rid });
    const plain = await placePaidOrder(api.app, { email: "someone@example.com" });
    const before = (await as(partner, "/rest/ref_channel/info")).body.data.balance.available;
    await complete(own);
    await complete(plain);
    expect((await as(partner, "/rest/ref_channel/info")).body.data.balance.available).toBe(before);
    const referred = await api.db
      .select()
      .from(affiliateOrderReferrals)
      .where(eq(affiliateOrderReferrals.orderId, own));
    expect(referred).toEqual([]);
  });

  it("credits a customer who registered with the rid, even when the order carries none", async () => {
    await api.db.update(users).set({ referrerRid: rid }).where(eq(users.id, other.id));
    const before = toDecimal(
      (await as(partner, "/rest/ref_channel/info")).body.data.balance.available,
    );
    const uuid = await placePaidOrder(api.app, { email: "other@example.com", sendAmount: "500" });
    await complete(uuid);
    const after = toDecimal(
      (await as(partner, "/rest/ref_channel/info")).body.data.balance.available,
    );
    expect(after.gt(before)).toBe(true);
    const [channel] = (await as(partner, "/rest/ref_channel/list")).body.data;
    expect(channel.registrations).toBe(1);

    // The reversal use case alone (the admin's route: refund-after-completion.test.ts).
    const reversed = await api.db.transaction((tx) => reverseOrderReward({ tx, orderId: uuid }));
    expect(reversed).toBe(after.minus(before).toFixed());
    expect(await api.db.transaction((tx) => reverseOrderReward({ tx, orderId: uuid }))).toBeNull();
    expect((await as(partner, "/rest/ref_channel/info")).body.data.balance.available).toBe(
      before.toFixed(),
    );
    expect(await ledgerSum(api.db)).toBe("0");
  });

  it("lists the withdrawal currencies with the minimum and order-shaped payout fields", async () => {
    const listed = await as(partner, "/rest/currency/withdrawal_list", {}, "en");
    expect(listed.status, listed.text).toBe(200);
    const usdt = listed.body.data.find((c: any) => c.id === 0 || c.id) as any;
    expect(listed.body.data.every((c: any) => c.code === "USDT")).toBe(true);
    expect(usdt.min_amount).toBe("10");
    expect(usdt.fields[0]).toMatchObject({ side: "receive", required: true });
  });

  it("holds a withdrawal on the ledger; refuses bad details, the minimum and more than available", async () => {
    await credit(api.db, partner.id, "40");
    const currency = await usdtTrc20(api.db);
    const withdraw = (amount: string, value = TRON_ADDRESS, lang: "en" | "uk" = "en") =>
      as(
        partner,
        "/rest/ref_withdrawal/create",
        { currency_id: currency, amount, fields: [{ key: "receive_wallet_address", value }] },
        lang,
      );
    const badAddress = await withdraw("15", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    expect(badAddress.status).toBe(422);
    expect(Object.keys(badAddress.body.error.fields)).toEqual(["fields.receive_wallet_address"]);
    const small = await withdraw("5");
    expect(small.status).toBe(422);
    expect(small.body.error.fields.amount).toBe("The minimum withdrawal is 10\u00a0USDT");
    const available = (await as(partner, "/rest/ref_channel/info")).body.data.balance.available;
    const tooMuch = await withdraw("100000", TRON_ADDRESS, "uk");
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.code).toBe("CONFLICT");
    // Below a thousand: written as the API's decimal with the Ukrainian comma (decimal sign).
    expect(tooMuch.body.error.fields.amount).toBe(
      `Недостатньо коштів: доступно ${available.replace(".", ",")}\u00a0USDT`,
    );
    expect(tooMuch.body.error.details).toEqual({ available });

    const held = await withdraw("15");
    expect(held.status, held.text).toBe(200);
    expect(held.body.data).toMatchObject({ amount: "15", currency: "USDT", status: "requested" });
    const balance = (await as(partner, "/rest/ref_channel/info")).body.data.balance;
    expect(balance.on_hold).toBe("15");
    expect(balance.available).toBe(toDecimal(available).minus(15).toFixed());
    expect(await ledgerSum(api.db)).toBe("0");
  });

  it("the desk pays one withdrawal and rejects another (the hold comes back), each audited and lettered in the partner's language", async () => {
    const currency = await usdtTrc20(api.db);
    const second = await as(partner, "/rest/ref_withdrawal/create", {
      currency_id: currency,
      amount: "10",
      fields: [{ key: "receive_wallet_address", value: TRON_ADDRESS }],
    });
    expect(second.status, second.text).toBe(200);
    const before = (await as(partner, "/rest/ref_channel/info")).body.data.balance;

    const queue = await adminCall(api, "GET", "/admin/api/withdrawals?status=requested", {
      cookie: operator,
    });
    expect(queue.status).toBe(200);
    expect(queue.body.data.items.map((w: any) => w.amount)).toEqual(["15", "10"]);
    const [first, next] = queue.body.data.items;
    expect(first.partner.email).toBe("partner@example.com");

    const noReference = await adminCall(api, "POST", `/admin/api/withdrawals/${first.id}/status`, {
      cookie: operator,
      body: { status: "paid" },
    });
    expect(noReference.status).toBe(422);
    const paid = await adminCall(api, "POST", `/admin/api/withdrawals/${first.id}/status`, {
      cookie: operator,
      body: { status: "paid", reference: "TX-abc" },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ status: "paid", reference: "TX-abc" });
    const again = await adminCall(api, "POST", `/admin/api/withdrawals/${first.id}/status`, {
      cookie: operator,
      body: { status: "rejected", reason: "twice" },
    });
    expect(again.status).toBe(409);
    const rejected = await adminCall(api, "POST", `/admin/api/withdrawals/${next.id}/status`, {
      cookie: operator,
      body: { status: "rejected", reason: "Адреса в іншій мережі" },
    });
    expect(rejected.status).toBe(200);

    const after = (await as(partner, "/rest/ref_channel/info")).body.data.balance;
    expect(after).toEqual({
      available: toDecimal(before.available).plus(10).toFixed(),
      on_hold: "0",
      paid: "15",
      currency: "USDT",
      debt: "0",
    });
    const letters = await api.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "partner@example.com"));
    const subjects = letters.map((letter) => letter.subject);
    expect(subjects).toContain(`Заявку на виведення № ${first.id} виплачено`);
    expect(subjects).toContain(`Заявку на виведення № ${next.id} відхилено`);
    expect(letters.find((l) => l.kind === "affiliate_withdrawal_rejected")?.text).toContain(
      "Причина: Адреса в іншій мережі",
    );
    const audits = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "withdrawal.status"));
    expect(audits).toHaveLength(2);
    const history = await as(partner, "/rest/ref_withdrawal/list");
    expect(history.body.data.map((w: any) => w.status)).toEqual(["rejected", "paid"]);
    // The console lists the same balances, with the debt beside them rather than inside.
    const partners = await adminCall(api, "GET", "/admin/api/partners", { cookie: operator });
    const { debt, ...balances } = after;
    const listed = partners.body.data.items.find((p: any) => p.email === "partner@example.com");
    expect(listed.balance).toEqual(balances);
    expect(listed.debt).toBe(debt);
    expect(await ledgerSum(api.db)).toBe("0");
  });

  it("never shows one partner another's channels, referrals or withdrawals", async () => {
    const channels = await as(other, "/rest/ref_channel/list");
    expect(channels.body.data).toHaveLength(1);
    expect(channels.body.data[0].rid).not.toBe(rid);
    expect((await as(other, "/rest/ref_referral/list")).body.data.items).toEqual([]);
    expect((await as(other, "/rest/ref_withdrawal/list")).body.data).toEqual([]);
    expect((await as(other, "/rest/ref_channel/info")).body.data.balance.available).toBe("0");
    const theirs = await as(other, "/rest/ref_withdrawal/create", {
      currency_id: await usdtTrc20(api.db),
      amount: "10",
      fields: [{ key: "receive_wallet_address", value: TRON_ADDRESS }],
    });
    expect(theirs.status).toBe(409);
    const anonymous = await call(api as unknown as TestApi, "/rest/ref_channel/list", {});
    expect(anonymous.status).toBe(401);
  });
});
