import { createHmac } from "node:crypto";
import { orderEvents, orderPaymentTargets, orders, paymentTransfers } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBtcpayInvoice, createBtcpaySource } from "../../src/payments/btcpay-source.ts";
import { watchPayments } from "../../src/payments/watch-payments.ts";
import { createForm, findPair, listPairs } from "../support/orders.ts";
import { callApi, startTestApi, type TestApi } from "../support/test-api.ts";
import { FakeChainServers, fixtures } from "./fake-chain-servers.ts";
import { bindWatch } from "./payment-fixtures.ts";

const SECRET = "whsec-0123456789abcdef";
const GRACE_MS = 3_600_000;

/**
 * BTCPay Server (issue 28): an invoice per order, the webhook checked by `BTCPay-Sig` over the
 * raw body (wrong or missing: 401, nothing changes), an unknown invoice or a replayed delivery
 * changing nothing, and the polling pass crediting what a lost webhook did not.
 */
describe("BTCPay Server invoices and webhook", () => {
  let api: TestApi;
  let chain: FakeChainServers;
  const log = { warn: () => {} };

  beforeAll(async () => {
    chain = await new FakeChainServers().start();
    const btcpay = {
      url: chain.url,
      apiKey: "btcpay-test-key",
      storeId: "store1",
      webhookSecret: SECRET,
    };
    api = await startTestApi({
      payments: {
        esploraUrl: chain.url,
        trongridUrl: chain.url,
        btcpay,
        pollSeconds: 30,
        graceMs: GRACE_MS,
      },
    });
    await bindWatch(api.db, "BTC", { kind: "btcpay", confirmations: 0 });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await chain?.stop();
  });

  const settings = () => api.deps.payments.btcpay!;
  const pass = () =>
    watchPayments({
      db: api.db,
      effects: api.deps.orderEffects,
      appUrl: "http://localhost",
      source: createBtcpaySource({ settings: settings(), log }),
      graceMs: GRACE_MS,
      log,
      createInvoice: (order) => createBtcpayInvoice({ settings: settings(), order, log }),
    });
  const deliver = (body: string, signature: string | null) =>
    api.app.inject({
      method: "POST",
      url: "/webhooks/btcpay",
      headers: {
        "content-type": "application/json",
        ...(signature === null ? {} : { "btcpay-sig": signature }),
      },
      payload: body,
    });
  const sign = (body: string, secret = SECRET) =>
    `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  const deliveryFor = (invoiceId: string) =>
    JSON.stringify({ ...JSON.parse(fixtures.btcpayWebhook()), invoiceId });

  async function order(): Promise<{ uuid: string; invoiceId: string }> {
    const pair = findPair(await listPairs(api.app), "BTC", "SBERRUB");
    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { send_amount: "0.01" }),
    );
    const uuid = created.body.data.exchange_uuid as string;
    // The pass makes the invoice (never the page's read).
    await pass();
    const [target] = await api.db
      .select()
      .from(orderPaymentTargets)
      .where(eq(orderPaymentTargets.orderId, uuid));
    return { uuid, invoiceId: target!.invoiceId! };
  }
  const status = async (uuid: string) =>
    (await api.db.select().from(orders).where(eq(orders.id, uuid)))[0]!.status;

  it("an invoice per order, and its address on the order page", async () => {
    const { uuid, invoiceId } = await order();
    expect(invoiceId).toMatch(/^Inv/);
    const info = await callApi(api.app, "/rest/exchange/info", { exchange_uuid: uuid });
    expect(info.body.data.payment.target).toBe(fixtures.btcpayMethods()[0]!.destination);
  });

  it("a missing or wrong signature: 401 and nothing changes", async () => {
    const { uuid, invoiceId } = await order();
    chain.setInvoicePayments(invoiceId, [["tx1-0", "0.01", "Settled"]]);
    const body = deliveryFor(invoiceId);
    for (const signature of [
      null,
      sign(body, "another-secret-000000"),
      sign(`${body} `),
      "sha256=",
      "garbage",
    ]) {
      const answer = await deliver(body, signature);
      expect(answer.statusCode, String(signature)).toBe(401);
      expect(answer.json().error.code).toBe("UNAUTHORIZED");
    }
    expect(await status(uuid)).toBe("new");
    expect(
      await api.db.select().from(paymentTransfers).where(eq(paymentTransfers.orderId, uuid)),
    ).toEqual([]);
  });

  it("a signed delivery: seen while processing, paid once settled; a replay changes nothing", async () => {
    const { uuid, invoiceId } = await order();
    const body = deliveryFor(invoiceId);
    chain.setInvoicePayments(invoiceId, [["tx2-0", "0.01", "Processing"]]);
    expect((await deliver(body, sign(body))).statusCode).toBe(200);
    expect(await status(uuid)).toBe("new");
    const info = await callApi(api.app, "/rest/exchange/info", { exchange_uuid: uuid });
    expect(info.body.data.payment.received).toMatchObject({
      amount: "0.01",
      confirmations: 0,
      required_confirmations: 1,
    });

    chain.setInvoicePayments(invoiceId, [["tx2-0", "0.01", "Settled"]]);
    for (let i = 0; i < 3; i++) expect((await deliver(body, sign(body))).statusCode).toBe(200);
    expect(await status(uuid)).toBe("paid");
    const paid = await api.db.select().from(orderEvents).where(eq(orderEvents.orderId, uuid));
    expect(paid.filter((event) => event.status === "paid")).toHaveLength(1);
  });

  it("an unknown invoice changes nothing; a lost webhook is made up by the polling pass", async () => {
    const unknown = deliveryFor("NoSuchInvoice");
    expect((await deliver(unknown, sign(unknown))).statusCode).toBe(200);
    const { uuid, invoiceId } = await order();
    chain.setInvoicePayments(invoiceId, [["tx3-0", "0.01", "Settled"]]);
    expect(await status(uuid)).toBe("new");
    await pass();
    expect(await status(uuid)).toBe("paid");
  });
});
