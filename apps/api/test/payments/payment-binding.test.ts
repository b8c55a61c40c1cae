import type { AdminCurrency } from "@obmen/contracts";
import { auditLog, paymentTransfers, paymentWatches } from "@obmen/db";
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestApi,
  adminCall,
  placeOrder,
  signInEveryRole,
  startAdminApi,
} from "../admin/support/admin-kit.ts";
import { callApi } from "../support/test-api.ts";
import { BIP84_FIRST_ADDRESSES, BIP84_ZPUB, OPERATOR_TRON_ADDRESS } from "./payment-fixtures.ts";

/** `PATCH /admin/api/currencies/{id}` `payment_watch` (issue 28 point 2). */
describe("binding a currency to a chain watcher", () => {
  let api: AdminTestApi;
  let cookie: string;
  let currencies: AdminCurrency[];
  const id = (urlXml: string) => currencies.find((item) => item.url_xml === urlXml)!.id;
  const patch = (currencyId: number, body: unknown, lang?: string) =>
    adminCall(api, "PATCH", `/admin/api/currencies/${currencyId}`, { cookie, body, lang });

  beforeAll(async () => {
    api = await startAdminApi();
    cookie = (await signInEveryRole(api)).operator;
    currencies = (await adminCall(api, "GET", "/admin/api/currencies", { cookie })).body.data.items;
  }, 60_000);
  afterAll(() => api.close());

  it("binds an extended key and lists it with its first three addresses", async () => {
    expect(currencies.every((currency) => currency.payment_watch === null)).toBe(true);
    const result = await patch(id("BTC"), {
      payment_watch: { kind: "esplora", xpub: BIP84_ZPUB, confirmations: 2 },
    });
    expect(result.status).toBe(200);
    expect(result.body.data.payment_watch).toEqual({
      kind: "esplora",
      xpub: BIP84_ZPUB,
      address: null,
      confirmations: 2,
      first_addresses: [...BIP84_FIRST_ADDRESSES, "bc1qp59yckz4ae5c4efgw2s5wfyvrz0ala7rgvuz8z"],
    });
    const listed = await adminCall(api, "GET", "/admin/api/currencies", { cookie });
    const btc = listed.body.data.items.find((item: AdminCurrency) => item.url_xml === "BTC");
    expect(btc.payment_watch.kind).toBe("esplora");
    const [audit] = await api.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: "currency.update", before: { payment_watch: null } });
  });

  it("binds TRON and BTCPay, and null returns to manual confirmation", async () => {
    const tron = await patch(id("USDTTRC20"), {
      payment_watch: { kind: "tron", address: OPERATOR_TRON_ADDRESS, confirmations: 19 },
    });
    expect(tron.status).toBe(200);
    expect(tron.body.data.payment_watch).toMatchObject({
      kind: "tron",
      address: OPERATOR_TRON_ADDRESS,
    });
    // No BTCPAY_URL on this server: BTCPay cannot be chosen.
    const btcpay = await patch(id("LTC"), { payment_watch: { kind: "btcpay" } });
    expect(btcpay.status).toBe(422);
    expect(Object.keys(btcpay.body.error.fields)).toEqual(["payment_watch.kind"]);
    const manual = await patch(id("USDTTRC20"), { payment_watch: null });
    expect(manual.status).toBe(200);
    expect(manual.body.data.payment_watch).toBeNull();
  });

  it("a malformed key or address is a 422 under its field, and nothing changes", async () => {
    const before = await api.db.select().from(paymentWatches);
    const xprv =
      "xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu";
    for (const [body, field] of [
      [{ kind: "esplora", xpub: xprv, confirmations: 2 }, "payment_watch.xpub"],
      [
        { kind: "esplora", xpub: `${BIP84_ZPUB.slice(0, -2)}zz`, confirmations: 2 },
        "payment_watch.xpub",
      ],
      [
        { kind: "tron", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u", confirmations: 19 },
        "payment_watch.address",
      ],
      [
        { kind: "tron", address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", confirmations: 19 },
        "payment_watch.address",
      ],
    ] as const) {
      const result = await patch(id("BTC"), { payment_watch: body, reserve: "1" }, "ru");
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(result.body.error.fields)).toEqual([field]);
      expect(result.body.error.fields[field]).toMatch(/[а-я]/);
    }
    const unknown = await patch(id("BTC"), { payment_watch: { kind: "ethereum" } });
    expect(unknown.status).toBe(422);
    expect(await api.db.select().from(paymentWatches)).toEqual(before);
    const [btc] = (
      await adminCall(api, "GET", "/admin/api/currencies", { cookie })
    ).body.data.items.filter((item: AdminCurrency) => item.url_xml === "BTC");
    expect(btc.reserve).not.toBe("1");
  });

  it("the desk sees the order's target and what the chain showed, beside the customer's claim", async () => {
    await patch(id("USDTTRC20"), {
      payment_watch: { kind: "tron", address: OPERATOR_TRON_ADDRESS, confirmations: 19 },
    });
    const uuid = await placeOrder(api, { sendAmount: "100", paid: true });
    const before = await adminCall(api, "GET", `/admin/api/orders/${uuid}`, { cookie });
    // The customer's claim alone: the target is made on the order page's first read.
    expect(before.body.data.chain_payment).toBeNull();
    await callApi(api.app, "/rest/exchange/info", { exchange_uuid: uuid });
    await api.db.insert(paymentTransfers).values({
      orderId: uuid,
      txId: "d6d1cc1ab403bc0febfb69d7be0bd8bd2fc03e2a03c4e2bdfd74560bd66109be",
      amount: "100.000001",
      confirmations: 19,
    });
    const desk = await adminCall(api, "GET", `/admin/api/orders/${uuid}`, { cookie });
    expect(desk.status).toBe(200);
    expect(desk.body.data.chain_payment).toMatchObject({
      kind: "tron",
      address: OPERATOR_TRON_ADDRESS,
      amount: "100.000001",
      received: {
        tx_id: "d6d1cc1ab403bc0febfb69d7be0bd8bd2fc03e2a03c4e2bdfd74560bd66109be",
        confirmations: 19,
        required_confirmations: 19,
        explorer_url:
          "https://tronscan.org/#/transaction/d6d1cc1ab403bc0febfb69d7be0bd8bd2fc03e2a03c4e2bdfd74560bd66109be",
      },
    });
  });
});
