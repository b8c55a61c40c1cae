import { ReserveListResponse } from "@obmen/contracts";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { createObmenClient, type Transport } from "@obmen/contracts/sdk";
import { currencies, currencyKinds, currencyPairs } from "@obmen/db";
import Big from "big.js";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, startTestApi, TEST_CLIENT, type TestApi } from "../support/test-api.ts";
import { holdReserve, releaseAllHolds } from "./hold-reserve.ts";

const PATH = "/rest/reserve/list";

describe("/rest/reserve/list", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const list = async () => {
    const { status, body } = await callApi(api.app, PATH);
    expect(status).toBe(200);
    return ReserveListResponse.parse(body).data;
  };
  const reserveOf = async (urlXml: string) =>
    (await list()).find((entry) => entry.currency.url_xml === urlXml)?.reserve;

  it("lists each active currency an active pair pays out, by kind then sort order", async () => {
    const data = await list();
    const rows = await api.db.select().from(currencies);
    const pairs = await api.db.select().from(currencyPairs);
    const active = new Map(rows.filter((row) => row.active).map((row) => [row.id, row]));
    const paidOut = new Set(
      pairs
        .filter((p) => p.active && active.has(p.sendCurrencyId) && active.has(p.receiveCurrencyId))
        .map((p) => p.receiveCurrencyId),
    );
    const rank = (id: number) => {
      const row = active.get(id)!;
      return [currencyKinds.indexOf(row.kind), row.sortOrder, row.id] as const;
    };
    const expectedIds = [...paidOut].sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2];
    });
    expect(data.map((entry) => entry.currency.id)).toEqual(expectedIds);
    expect(data.map((entry) => entry.currency.kind)).toEqual(
      [...data.map((entry) => entry.currency.kind)].sort(
        (a, b) => currencyKinds.indexOf(a) - currencyKinds.indexOf(b),
      ),
    );

    for (const entry of data) {
      const row = active.get(entry.currency.id)!;
      expect(entry.decimal).toBe(row.decimals);
      expect(new Big(entry.reserve).eq(row.reserve)).toBe(true);
      expect(entry.reserve).toMatch(/^(0|[1-9]\d*)(\.\d*[1-9])?$/);
    }
    expect(data.find((entry) => entry.currency.url_xml === "SBERRUB")).toEqual({
      currency: {
        id: expect.any(Number),
        url_xml: "SBERRUB",
        currency_code: { name: "RUB" },
        pay_system: { name: "Sberbank", icon: "/icons/sberbank.svg", network_code: null },
        kind: "bank",
      },
      reserve: "18500000",
      decimal: 2,
    });
    expect(
      data.find((entry) => entry.currency.url_xml === "USDTTRC20")?.currency.pay_system,
    ).toEqual({ name: "Tether TRC20", icon: "/icons/usdt-trc20.svg", network_code: "TRC20" });
  });

  it("groups by kind before sort order, whatever sort orders the operator sets", async () => {
    const payeer = eq(currencies.urlXml, "PRUSD");
    const sber = eq(currencies.urlXml, "SBERRUB");
    const [before] = await api.db.select().from(currencies).where(payeer);
    const [sberBefore] = await api.db.select().from(currencies).where(sber);
    await api.db.update(currencies).set({ sortOrder: -10 }).where(payeer);
    await api.db.update(currencies).set({ sortOrder: 100_000 }).where(sber);
    await api.catalogueChanges.publish();
    try {
      const data = await list();
      const kinds = data.map((entry) => entry.currency.kind);
      expect(kinds.indexOf("ewallet")).toBeGreaterThan(kinds.lastIndexOf("bank"));
      expect(kinds.indexOf("bank")).toBeGreaterThan(kinds.lastIndexOf("crypto"));
      const wallets = data.filter((entry) => entry.currency.kind === "ewallet");
      const banks = data.filter((entry) => entry.currency.kind === "bank");
      expect(wallets[0]!.currency.url_xml).toBe("PRUSD");
      expect(banks.at(-1)!.currency.url_xml).toBe("SBERRUB");
    } finally {
      await api.db.update(currencies).set({ sortOrder: before!.sortOrder }).where(payeer);
      await api.db.update(currencies).set({ sortOrder: sberBefore!.sortOrder }).where(sber);
      await api.catalogueChanges.publish();
    }
  });

  it("answers the GET form and the SDK's reserves.list with the same data", async () => {
    const expected = await list();
    const { envelope, timestamp } = sealEnvelope({
      payload: {},
      publicKey: TEST_CLIENT.publicKey,
      secret: TEST_CLIENT.secret,
      ip: "203.0.113.7",
      lang: "en",
    });
    const query = new URLSearchParams({ data: envelope.data, signed: envelope.signed });
    const response = await api.app.inject({
      method: "GET",
      url: `${PATH}?${query}`,
      headers: { [TIMESTAMP_HEADER]: String(timestamp) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(ReserveListResponse.parse(response.json()).data).toEqual(expected);

    const transport: Transport = async (request) => {
      const reply = await api.app.inject({
        method: request.method,
        url: request.url,
        headers: request.headers,
        payload: request.body,
      });
      return { status: reply.statusCode, body: reply.body };
    };
    const sdk = createObmenClient({ transport, credentials: TEST_CLIENT });
    expect(await sdk.reserves.list({ ip: "203.0.113.7", lang: "en" })).toEqual(expected);
  });

  it("names each payment system in the request's language", async () => {
    const names = async (lang: "ru" | "en" | "uk") => {
      const { body } = await callApi(api.app, PATH, {}, { lang });
      const data = ReserveListResponse.parse(body).data;
      const nameOf = (urlXml: string) =>
        data.find((entry) => entry.currency.url_xml === urlXml)?.currency.pay_system.name;
      return [nameOf("SBERRUB"), nameOf("P24UAH"), nameOf("MONOBUAH"), nameOf("BTC")];
    };
    expect(await names("ru")).toEqual(["Сбербанк", "ПриватБанк", "monobank", "Bitcoin"]);
    expect(await names("en")).toEqual(["Sberbank", "PrivatBank", "monobank", "Bitcoin"]);
    expect(await names("uk")).toEqual(["Сбербанк", "ПриватБанк", "monobank", "Bitcoin"]);
  });

  it("subtracts held amounts once a change is published, and only held ones", async () => {
    expect(await reserveOf("BTC")).toBe("2.1");
    await holdReserve(api.db, { urlXml: "BTC", amount: "0.5" });
    await holdReserve(api.db, { urlXml: "BTC", amount: "0.123456789" });
    await holdReserve(api.db, { urlXml: "BTC", amount: "0.3", state: "released" });
    await holdReserve(api.db, { urlXml: "BTC", amount: "0.2", state: "consumed" });
    try {
      // Served from the cache until the order flow publishes its change.
      expect(await reserveOf("BTC")).toBe("2.1");
      await api.catalogueChanges.publish();
      // 2.1 − 0.623456789, rounded down to BTC's 8 places.
      expect(await reserveOf("BTC")).toBe("1.47654321");

      await holdReserve(api.db, { urlXml: "BTC", amount: "1.5" });
      await api.catalogueChanges.publish();
      expect(await reserveOf("BTC")).toBe("0");
    } finally {
      await releaseAllHolds(api.db);
      await api.catalogueChanges.publish();
    }
    expect(await reserveOf("BTC")).toBe("2.1");
  });

  it("leaves out a currency no active pair of active currencies pays out", async () => {
    const kaspi = (await api.db.select().from(currencies)).find((c) => c.urlXml === "KSPBKZT")!;
    const usdt = (await api.db.select().from(currencies)).find((c) => c.urlXml === "USDTTRC20")!;
    const paysKaspiFromUsdt = and(
      eq(currencyPairs.receiveCurrencyId, kaspi.id),
      eq(currencyPairs.sendCurrencyId, usdt.id),
    );
    const btc = eq(currencies.urlXml, "BTC");
    const doge = eq(currencies.urlXml, "DOGE");
    // Kaspi is paid out by USDT→KSPBKZT (paused here) and BTC→KSPBKZT (BTC deactivated here).
    await api.db.update(currencyPairs).set({ active: false }).where(paysKaspiFromUsdt);
    await api.db.update(currencies).set({ active: false }).where(btc);
    await api.db.update(currencies).set({ active: false }).where(doge);
    await api.catalogueChanges.publish();
    try {
      const codes = (await list()).map((entry) => entry.currency.url_xml);
      expect(codes).not.toContain("KSPBKZT");
      expect(codes).not.toContain("BTC");
      expect(codes).not.toContain("DOGE");
      expect(codes).toContain("SBERRUB");
    } finally {
      await api.db.update(currencyPairs).set({ active: true }).where(paysKaspiFromUsdt);
      await api.db
        .update(currencies)
        .set({ active: true })
        .where(inArray(currencies.urlXml, ["BTC", "DOGE"]));
      await api.catalogueChanges.publish();
    }
    expect((await list()).map((entry) => entry.currency.url_xml)).toContain("KSPBKZT");
  });

  it("refuses an unknown payload key and is described in the OpenAPI document", async () => {
    const { status, body } = await callApi(api.app, PATH, { currency: "BTC" }, { lang: "en" });
    expect(status).toBe(422);
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.fields).toEqual({ currency: "currency is not a known field" });

    const openApi = (await api.app.inject({ method: "GET", url: "/rest/openapi.json" })).json();
    expect(Object.keys(openApi.paths[PATH])).toEqual(["get", "post"]);
  });
});
