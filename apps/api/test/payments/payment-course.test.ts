import {
  currencies,
  mailOutbox,
  operatorAlerts,
  orderEvents,
  orderPaymentTargets,
  orderRecalculations,
  orders,
  paymentTransfers,
} from "@obmen/db";
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ALERT_SETTINGS, writeAlertSettings } from "../../src/alerts/alert-settings.ts";
import { outboxLetter } from "../../src/mail/enqueue-order-mail.ts";
import { createEsploraSource } from "../../src/payments/esplora-source.ts";
import { letterWithOwnTarget } from "../../src/payments/letter-with-own-target.ts";
import type { PaymentSource } from "../../src/payments/payment-source.ts";
import { createTronSource } from "../../src/payments/tron-source.ts";
import { watchPayments } from "../../src/payments/watch-payments.ts";
import { createForm, findPair, listPairs } from "../support/orders.ts";
import { callApi, startTestApi, type TestApi } from "../support/test-api.ts";
import { FakeChainServers } from "./fake-chain-servers.ts";
import {
  BIP84_FIRST_ADDRESSES,
  BIP84_ZPUB,
  bindWatch,
  OPERATOR_TRON_ADDRESS,
} from "./payment-fixtures.ts";

const GRACE_MS = 48 * 3_600_000;

/**
 * Issue 28's whole course on local fakes of Esplora and TronGrid: an order's own address,
 * its payment seen unconfirmed, confirmations counted, the order credited once; an underpayment
 * and a late payment recalculated as an operator would (decision 035), a second transfer
 * adding up; bad answers never credited.
 */
describe("payments watched on chain", () => {
  let api: TestApi;
  let chain: FakeChainServers;
  let esplora: PaymentSource;
  let tron: PaymentSource;
  const warnings: string[] = [];
  const log = { warn: (_object: object, message: string) => warnings.push(message) };

  beforeAll(async () => {
    chain = await new FakeChainServers().start();
    api = await startTestApi({
      payments: {
        esploraUrl: chain.url,
        trongridUrl: chain.url,
        pollSeconds: 30,
        graceMs: GRACE_MS,
      },
    });
    await bindWatch(api.db, "BTC", { kind: "esplora", xpub: BIP84_ZPUB, confirmations: 2 });
    // Someone to tell: the operators get an e-mail per alert (decision 038).
    await api.db.transaction((tx) =>
      writeAlertSettings(tx, {
        ...DEFAULT_ALERT_SETTINGS,
        emails: ["desk@example.com"],
        language: "en",
      }),
    );
    await bindWatch(api.db, "USDTTRC20", {
      kind: "tron",
      address: OPERATOR_TRON_ADDRESS,
      confirmations: 19,
    });
    esplora = createEsploraSource({ baseUrl: chain.url, log });
    // Two transfers a page: the watcher must follow TronGrid's pagination.
    tron = createTronSource({ baseUrl: chain.url, log, pageSize: 2 });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await chain?.stop();
  });

  const pass = (source: PaymentSource, now?: Date) =>
    watchPayments({
      db: api.db,
      effects: api.deps.orderEffects,
      appUrl: "http://localhost",
      source,
      graceMs: GRACE_MS,
      log,
      now,
    });

  async function createOrder(from: string, sendAmount: string): Promise<string> {
    const pair = findPair(await listPairs(api.app), from, "SBERRUB");
    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { send_amount: sendAmount }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data.exchange_uuid;
  }
  const info = async (uuid: string) =>
    (await callApi(api.app, "/rest/exchange/info", { exchange_uuid: uuid })).body.data;
  const history = (uuid: string) =>
    api.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, uuid))
      .orderBy(asc(orderEvents.id));

  it("Esplora: own address, seen, 1 of 2, then paid once by the system with the tx id", async () => {
    const uuid = await createOrder("BTC", "0.01");
    const first = await info(uuid);
    expect(first.payment.target).toBe(BIP84_FIRST_ADDRESSES[0]);
    expect(first.payment.qr_payload).toBe(`bitcoin:${BIP84_FIRST_ADDRESSES[0]}?amount=0.01`);
    expect(first.payment.received).toBeNull();

    const txid = "a".repeat(64);
    chain.payBitcoin(BIP84_FIRST_ADDRESSES[0]!, txid, 1_000_000, null);
    await pass(esplora);
    let now = await info(uuid);
    expect(now.exchange_status).toBe("new");
    expect(now.payment.received).toMatchObject({
      tx_id: txid,
      amount: "0.01",
      confirmations: 0,
      required_confirmations: 2,
      explorer_url: `https://mempool.space/tx/${txid}`,
    });

    chain.payBitcoin(BIP84_FIRST_ADDRESSES[0]!, txid, 1_000_000, chain.tip);
    await pass(esplora);
    now = await info(uuid);
    expect(now.exchange_status).toBe("new");
    expect(now.payment.received.confirmations).toBe(1);

    chain.tip += 1;
    await pass(esplora);
    await pass(esplora);
    now = await info(uuid);
    expect(now.exchange_status).toBe("paid");
    expect(now.payment.received.confirmations).toBe(2);
    const paid = (await history(uuid)).filter((event) => event.status === "paid");
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ actorKind: "system", comment: txid });
    const [transfer] = await api.db
      .select()
      .from(paymentTransfers)
      .where(eq(paymentTransfers.orderId, uuid));
    expect(transfer?.creditedAt).not.toBeNull();
  });

  it("an address is never given twice, and bad answers are logged, never credited", async () => {
    const uuid = await createOrder("BTC", "0.01");
    expect((await info(uuid)).payment.target).toBe(BIP84_FIRST_ADDRESSES[1]);
    for (const broken of ["html", "truncated", "negative"] as const) {
      chain.payBitcoin(BIP84_FIRST_ADDRESSES[1]!, "b".repeat(64), 1_000_000, chain.tip - 5);
      chain.broken = broken;
      warnings.length = 0;
      await pass(esplora);
      expect(warnings.length, broken).toBeGreaterThan(0);
      expect((await info(uuid)).exchange_status).toBe("new");
      expect(
        await api.db.select().from(paymentTransfers).where(eq(paymentTransfers.orderId, uuid)),
      ).toEqual([]);
    }
    chain.broken = "down";
    await expect(pass(esplora)).rejects.toThrow(/HTTP 503/);
    chain.broken = null;
    await pass(esplora);
    expect((await info(uuid)).exchange_status).toBe("paid");
  });

  it("underpaid: waits while the rate lock lasts, then the operator's recalculation; a second transfer adds up", async () => {
    const uuid = await createOrder("BTC", "0.01");
    const address = (await info(uuid)).payment.target;
    chain.payBitcoin(address, "c".repeat(64), 400_000, chain.tip - 3);
    expect((await pass(esplora)).recalculated).toBe(0);
    expect((await info(uuid)).exchange_status).toBe("new");

    const [order] = await api.db.select().from(orders).where(eq(orders.id, uuid));
    const afterLock = new Date(order!.expiresAt.getTime() + 1_000);
    expect((await pass(esplora, afterLock)).recalculated).toBe(1);
    const asked = await callApi(api.app, "/rest/exchange/recalculation", { exchange_uuid: uuid });
    expect(asked.body.data.recalculation).toMatchObject({ current: { send_amount: "0.004" } });
    expect((await info(uuid)).exchange_status).toBe("hold");
    const [first] = await api.db
      .select()
      .from(orderRecalculations)
      .where(eq(orderRecalculations.orderId, uuid));
    expect(first).toMatchObject({ operatorId: null, state: "proposed", sendAmount: "0.004" });

    // Nothing new: nothing recalculated again.
    expect((await pass(esplora, afterLock)).recalculated).toBe(0);
    chain.payBitcoin(address, "d".repeat(64), 350_000, chain.tip - 2);
    expect((await pass(esplora, afterLock)).recalculated).toBe(1);
    const rows = await api.db
      .select()
      .from(orderRecalculations)
      .where(eq(orderRecalculations.orderId, uuid))
      .orderBy(asc(orderRecalculations.id));
    expect(rows.map((row) => [row.state, row.sendAmount])).toEqual([
      ["superseded", "0.004"],
      ["proposed", "0.0075"],
    ]);
    const systemHolds = (await history(uuid)).filter((event) => event.actorKind === "system");
    expect(systemHolds.map((event) => event.status)).toEqual(["hold", "hold"]);
    const alerts = await api.db
      .select()
      .from(operatorAlerts)
      .where(eq(operatorAlerts.kind, "payment_mismatch"));
    expect(alerts.filter((alert) => alert.text.includes(uuid))).toHaveLength(2);
    expect(alerts.at(-1)?.text).toContain("0.0075 BTC arrived instead of 0.01 BTC");
  });

  it("late: a payment to an expired order's address is recalculated at the current rate", async () => {
    const uuid = await createOrder("BTC", "0.01");
    const address = (await info(uuid)).payment.target;
    await api.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, uuid));
    const { expireDueOrders } = await import("../../src/orders/lifecycle/expire-order.ts");
    await expireDueOrders({ db: api.db, effects: api.deps.orderEffects });
    expect((await info(uuid)).exchange_status).toBe("expired");

    chain.payBitcoin(address, "e".repeat(64), 1_000_000, chain.tip - 1);
    expect((await pass(esplora)).recalculated).toBe(1);
    const statuses = (await history(uuid)).map((event) => `${event.status}:${event.actorKind}`);
    expect(statuses).toEqual(["new:customer", "expired:system", "hold:system"]);
    const asked = await callApi(api.app, "/rest/exchange/recalculation", { exchange_uuid: uuid });
    expect(asked.body.data.recalculation).toMatchObject({
      current: { send_amount: "0.01" },
      state: "proposed",
    });
  });

  it("TronGrid: the order's unique amount at the operator's address, credited once", async () => {
    const one = await createOrder("USDTTRC20", "150");
    const two = await createOrder("USDTTRC20", "150");
    const [a, b] = [(await info(one)).payment, (await info(two)).payment];
    expect([a.target, b.target]).toEqual([OPERATOR_TRON_ADDRESS, OPERATOR_TRON_ADDRESS]);
    expect([a.amount, b.amount]).toEqual(["150.000001", "150.000002"]);
    expect(a.text).toContain("150.000001");

    chain.payTron(OPERATOR_TRON_ADDRESS, "f".repeat(64), "150000002");
    // Newer transfers of other amounts push it to the second page.
    chain.payTron(OPERATOR_TRON_ADDRESS, "e".repeat(64), "5000000");
    chain.payTron(OPERATOR_TRON_ADDRESS, "d".repeat(64), "6000000");
    await pass(tron);
    await pass(tron);
    expect((await info(one)).exchange_status).toBe("new");
    expect((await info(two)).exchange_status).toBe("paid");
    expect((await info(two)).payment.received).toMatchObject({
      amount: "150.000002",
      confirmations: 19,
    });
    expect((await history(two)).filter((event) => event.status === "paid")).toHaveLength(1);
  });

  it("an overpayment the reserve cannot cover: the operators are told, the other orders go on", async () => {
    const big = await createOrder("BTC", "0.01");
    const fine = await createOrder("BTC", "0.01");
    const [bigAddress, fineAddress] = [
      (await info(big)).payment.target,
      (await info(fine)).payment.target,
    ];
    await api.db
      .update(currencies)
      .set({ reserve: "80000" })
      .where(eq(currencies.urlXml, "SBERRUB"));
    chain.payBitcoin(bigAddress, "9".repeat(64), 90_000_000, chain.tip - 2);
    chain.payBitcoin(fineAddress, "8".repeat(64), 1_000_000, chain.tip - 2);
    const report = await pass(esplora);
    expect(report).toMatchObject({ credited: 1, failed: 1 });
    expect((await info(big)).exchange_status).toBe("new");
    expect((await info(fine)).exchange_status).toBe("paid");
    const alerts = await api.db
      .select()
      .from(operatorAlerts)
      .where(eq(operatorAlerts.kind, "payment_mismatch"));
    expect(alerts.filter((alert) => alert.text.includes(big))).toHaveLength(1);
    expect(alerts.find((alert) => alert.text.includes(big))?.text).toContain(
      "INSUFFICIENT_RESERVE",
    );
    // Tried again on the next pass, alerted once.
    expect((await pass(esplora)).failed).toBe(1);
    const again = await api.db
      .select()
      .from(operatorAlerts)
      .where(eq(operatorAlerts.kind, "payment_mismatch"));
    expect(again.filter((alert) => alert.text.includes(big))).toHaveLength(1);
    await api.db
      .update(currencies)
      .set({ reserve: "100000000" })
      .where(eq(currencies.urlXml, "SBERRUB"));
  });

  it("the new order's letter names its own address and unique amount, rendered as it is sent", async () => {
    const uuid = await createOrder("USDTTRC20", "150");
    const [row] = await api.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "order_created"))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect((row!.content as { order: { id: string } }).order.id).toBe(uuid);
    // Nobody has opened the order: the letter itself makes its target.
    const content = await letterWithOwnTarget({
      db: api.db,
      kind: row!.kind,
      content: row!.content,
    });
    const letter = outboxLetter({ ...row!, content });
    const { payment } = await info(uuid);
    expect(payment.amount).toMatch(/^150\.0000\d\d$/);
    expect(letter.text).toContain(OPERATOR_TRON_ADDRESS);
    expect(letter.text).toContain(payment.amount);
    // A currency confirmed by hand keeps its own details.
    const manual = outboxLetter(row!);
    expect(manual.text).not.toContain(payment.amount);
  });

  it("TronGrid: an amount stays its order's while a late payment may still come", async () => {
    const ended = await createOrder("USDTTRC20", "70");
    expect((await info(ended)).payment.amount).toBe("70.000001");
    // Cancelled just now, its rate lock's watch window over: still watched for late payments.
    await api.db
      .update(orders)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(eq(orders.id, ended));
    await api.db
      .update(orderPaymentTargets)
      .set({ watchUntil: new Date(Date.now() - 1_000) })
      .where(eq(orderPaymentTargets.orderId, ended));
    const next = await createOrder("USDTTRC20", "70");
    expect((await info(next)).payment.amount).toBe("70.000002");
  });
});
