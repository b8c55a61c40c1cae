import { auditLog } from "@obmen/db";
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, findPair, listPairs } from "../support/orders.ts";
import { callApi } from "../support/test-api.ts";
import {
  type AdminTestApi,
  adminCall,
  signInEveryRole,
  startAdminApi,
} from "./support/admin-kit.ts";

const CARD_FIELD = {
  type: "card_number",
  label_ru: "Номер карты",
  label_en: "Card number",
  label_uk: "Номер картки",
};

/**
 * An empty production catalogue (PostgreSQL starts without the demo) is built from the
 * console: pay systems, currencies with their fields, a direction; switched on, it is in the
 * public pair list and takes a customer's order.
 */
describe("building a catalogue from nothing in the console", () => {
  let api: AdminTestApi;
  let cookie: string;
  const ids = { tether: 0, bank: 0, usdt: 0, rub: 0, pair: 0 };
  beforeAll(async () => {
    api = await startAdminApi({ seed: false });
    cookie = (await signInEveryRole(api)).operator;
  });
  afterAll(() => api.close());

  const post = (path: string, body: unknown) =>
    adminCall(api, "POST", path, { cookie, body, lang: "en" });

  it("adds pay systems, currencies with fields and a direction, all switched off", async () => {
    const tether = await post("/admin/api/pay-systems", {
      name: "Tether TRC20",
      icon: "/icons/usdt-trc20.svg",
      network_code: "TRC20",
    });
    expect(tether.status).toBe(200);
    ids.tether = tether.body.data.id;
    const bank = await post("/admin/api/pay-systems", {
      name: "Sberbank",
      name_ru: "Сбербанк",
      icon: "/icons/sberbank.svg",
    });
    ids.bank = bank.body.data.id;
    expect(
      (await post("/admin/api/pay-systems", { name: "Sberbank", icon: "/icons/sbp.svg" })).status,
    ).toBe(409);

    const usdt = await post("/admin/api/currencies", {
      pay_system_id: ids.tether,
      currency_code: "USDT",
      url_xml: "USDTTRC20",
      kind: "crypto",
      decimals: 2,
      reserve: "5000",
      reserve_name: "Tether TRC20",
      payment_target: "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
      fields: [],
    });
    expect(usdt.status, JSON.stringify(usdt.body)).toBe(200);
    expect(usdt.body.data).toMatchObject({ url_xml: "USDTTRC20", active: false, reserve: "5000" });
    ids.usdt = usdt.body.data.id;

    const rub = await post("/admin/api/currencies", {
      pay_system_id: ids.bank,
      currency_code: "RUB",
      url_xml: "SBERRUB",
      kind: "bank",
      decimals: 2,
      reserve: "1000000",
      reserve_name: "Sberbank RUB",
      fields: [{ ...CARD_FIELD, side: "receive", key: "receive_card_number" }],
    });
    expect(rub.status, JSON.stringify(rub.body)).toBe(200);
    ids.rub = rub.body.data.id;

    const pair = await post("/admin/api/pairs", {
      send_currency_id: ids.usdt,
      receive_currency_id: ids.rub,
      send_rate: "1",
      receive_rate: "80",
      send_rate_real: "1",
      receive_rate_real: "82",
      min_send_sum: "10",
    });
    expect(pair.status, JSON.stringify(pair.body)).toBe(200);
    expect(pair.body.data).toMatchObject({ active: false, markup_percent: "2.44" });
    ids.pair = pair.body.data.id;
    const [audit] = await api.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: "pair.create", targetId: String(ids.pair) });

    // Nothing is public until switched on.
    expect(await listPairs(api.app)).toEqual([]);
  });

  it("switched on, the direction is public and takes an order", async () => {
    for (const id of [ids.usdt, ids.rub]) {
      const on = await adminCall(api, "PATCH", `/admin/api/currencies/${id}`, {
        cookie,
        body: { active: true },
      });
      expect(on.status).toBe(200);
    }
    await adminCall(api, "PATCH", `/admin/api/pairs/${ids.pair}`, {
      cookie,
      body: { active: true },
    });
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    expect(pair.rate.receive_rate).toBe("80");
    expect(pair.fields.map((field) => field.key)).toEqual(["receive_card_number"]);
    const order = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { send_amount: "20" }),
    );
    expect(order.status, JSON.stringify(order.body)).toBe(200);
  });

  it("replaces a currency's order fields; the public pair asks for the new ones", async () => {
    const replaced = await adminCall(api, "PUT", `/admin/api/currencies/${ids.rub}/fields`, {
      cookie,
      body: {
        fields: [
          { ...CARD_FIELD, side: "receive", key: "receive_card_number" },
          {
            type: "full_name",
            side: "receive",
            key: "receive_holder",
            label_ru: "Получатель",
            label_en: "Recipient",
            label_uk: "Отримувач",
            required: false,
            sort_order: 1,
          },
        ],
      },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data.fields.map((field: { key: string }) => field.key)).toEqual([
      "receive_card_number",
      "receive_holder",
    ]);
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    expect(pair.fields.map((field) => field.key)).toEqual([
      "receive_card_number",
      "receive_holder",
    ]);
    const bad = await adminCall(api, "PUT", `/admin/api/currencies/${ids.rub}/fields`, {
      cookie,
      body: { fields: [{ ...CARD_FIELD, side: "receive", key: "send_card" }] },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields)).toEqual(["fields.0.key"]);
    // Refused: nothing changed.
    expect(findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB").fields).toHaveLength(2);
  });

  it("refuses what the database would refuse, under the field, and a duplicate with 409", async () => {
    const currency = (overrides: Record<string, unknown>) => ({
      pay_system_id: ids.bank,
      currency_code: "RUB",
      url_xml: "TCSBRUB",
      kind: "bank",
      decimals: 2,
      reserve_name: "T-Bank RUB",
      ...overrides,
    });
    const cases: [string, unknown, number, string][] = [
      ["/admin/api/currencies", currency({ url_xml: "SBERRUB" }), 409, "url_xml"],
      ["/admin/api/currencies", currency({ url_xml: "tcs-rub" }), 422, "url_xml"],
      ["/admin/api/currencies", currency({ pay_system_id: 9999 }), 422, "pay_system_id"],
      ["/admin/api/currencies", currency({ reserve: "10.123" }), 422, "reserve"],
      [
        "/admin/api/currencies",
        currency({ fields: [{ ...CARD_FIELD, side: "send", key: "receive_card" }] }),
        422,
        "fields.0.key",
      ],
      [
        "/admin/api/currencies",
        currency({
          fields: [{ ...CARD_FIELD, type: "crypto_address", side: "send", key: "send_wallet" }],
        }),
        422,
        "fields.0.network",
      ],
      [
        "/admin/api/currencies",
        currency({ fields: [{ ...CARD_FIELD, format: "iban", side: "send", key: "send_card" }] }),
        422,
        "fields.0.format",
      ],
      [
        "/admin/api/pairs",
        {
          send_currency_id: ids.usdt,
          receive_currency_id: ids.rub,
          send_rate: "1",
          receive_rate: "79",
          send_rate_real: "1",
          receive_rate_real: "80",
        },
        409,
        "receive_currency_id",
      ],
      [
        "/admin/api/pairs",
        {
          send_currency_id: ids.rub,
          receive_currency_id: ids.rub,
          send_rate: "1",
          receive_rate: "1",
          send_rate_real: "1",
          receive_rate_real: "1",
        },
        422,
        "receive_currency_id",
      ],
      [
        "/admin/api/pairs",
        {
          send_currency_id: ids.rub,
          receive_currency_id: ids.usdt,
          send_rate: "82",
          receive_rate: "2",
          send_rate_real: "80",
          receive_rate_real: "1",
        },
        422,
        "send_rate",
      ],
      [
        "/admin/api/pairs",
        {
          send_currency_id: 9999,
          receive_currency_id: ids.usdt,
          send_rate: "82",
          receive_rate: "1",
          send_rate_real: "80",
          receive_rate_real: "1",
        },
        422,
        "send_currency_id",
      ],
    ];
    for (const [path, body, status, field] of cases) {
      const result = await post(path, body);
      expect(result.status, JSON.stringify(body)).toBe(status);
      expect(Object.keys(result.body.error.fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    const keySide = await adminCall(api, "POST", "/admin/api/currencies", {
      cookie,
      lang: "ru",
      body: currency({ fields: [{ ...CARD_FIELD, side: "send", key: "receive_card" }] }),
    });
    expect(keySide.body.error.fields["fields.0.key"]).toBe("Ключ должен начинаться с send_.");
  });
});
