import type { Currency, CurrencyKind, CurrencyPairEntry } from "@obmen/contracts";
import { describe, expect, it } from "vitest";
import { toPairCatalogue } from "./pair-catalogue.ts";

function currency(
  urlXml: string,
  options: { ticker?: string; decimal?: number; reserve?: string; kind?: CurrencyKind } = {},
): Currency {
  const ticker = options.ticker ?? urlXml;
  return {
    id: urlXml.length,
    pay_system: {
      name: `${urlXml} pay`,
      icon: `/icons/${urlXml.toLowerCase()}.svg`,
      network_code: null,
    },
    currency_code: { name: ticker },
    url_xml: urlXml,
    kind: options.kind ?? "crypto",
    currency_in_services: {
      reserve: { name: ticker, reserve: options.reserve ?? "100" },
      decimal: options.decimal ?? 2,
      min_send_sum: null,
      max_send_sum: null,
      min_receive_sum: null,
      max_receive_sum: null,
      send_limit: { min_send_sum: null, max_send_sum: null },
    },
  };
}

function pair(
  send: Currency,
  receive: Currency,
  send_rate = "1",
  receive_rate = "1",
): CurrencyPairEntry {
  return {
    id: send.id * 100 + receive.id,
    rate: {
      send_rate,
      receive_rate,
      send_rate_real: send_rate,
      receive_rate_real: receive_rate,
      comission_amount: "0",
    },
    currency_pair: { send_currency: send, receive_currency: receive },
    fields: [],
  };
}

const BTC = currency("BTC", { decimal: 8, reserve: "2.123456789" });
const RUB = currency("SBERRUB", { ticker: "RUB", kind: "bank", reserve: "1234567.899" });
const USDT = currency("USDTTRC20", { ticker: "USDT", decimal: 6, reserve: "12345678901234567.89" });

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("rates as the select view shows them", () => {
  const rateOf = (entry: CurrencyPairEntry, locale: "ru" | "en") =>
    nbsp(toPairCatalogue([entry], locale).pairs[0]!.rate);

  it("quotes one unit of the send currency when send_rate is 1 (spec §4 direction flag)", () => {
    expect(rateOf(pair(BTC, RUB, "1", "8900000"), "ru")).toBe("1 BTC = 8 900 000 RUB");
    expect(rateOf(pair(BTC, RUB, "1.000", "8900000.5"), "en")).toBe("1 BTC = 8,900,000.5 RUB");
  });

  it("quotes one unit of the receive currency otherwise", () => {
    expect(rateOf(pair(RUB, BTC, "9150000", "1"), "ru")).toBe("9 150 000 RUB = 1 BTC");
  });
});

describe("the pair catalogue loaded on start", () => {
  const entries = [pair(BTC, RUB, "1", "8900000"), pair(RUB, BTC, "9150000", "1"), pair(USDT, RUB)];

  it("lists every currency once, in the API's order, with its kind and codes", () => {
    const { currencies } = toPairCatalogue(entries, "en");
    expect(currencies.map((c) => c.code)).toEqual(["BTC", "SBERRUB", "USDTTRC20"]);
    expect(currencies[1]).toMatchObject({ name: "SBERRUB pay", ticker: "RUB", kind: "bank" });
  });

  it("keeps one row per pair with its rate formatted for the locale", () => {
    const { pairs } = toPairCatalogue(entries, "en");
    expect(pairs[0]).toEqual({
      send: "BTC",
      receive: "SBERRUB",
      rate: "1\u00a0BTC = 8,900,000\u00a0RUB",
    });
    expect(pairs[1]).toEqual({
      send: "SBERRUB",
      receive: "BTC",
      rate: "9,150,000\u00a0RUB = 1\u00a0BTC",
    });
  });

  it("shows reserves rounded down to the currency's decimals, exactly beyond float precision", () => {
    const { currencies } = toPairCatalogue(entries, "en");
    expect(currencies.map((c) => c.reserve)).toEqual([
      "2.12345678\u00a0BTC",
      "1,234,567.89\u00a0RUB",
      "12,345,678,901,234,567.89\u00a0USDT",
    ]);
  });

  it("shows cents as two digits and whole amounts without them", () => {
    const shown = (reserve: string) =>
      toPairCatalogue(
        [pair(BTC, currency("SBERRUB", { ticker: "RUB", reserve }))],
        "ru",
      ).currencies[1]?.reserve.replace(/[\u00a0\u202f]/g, " ");
    expect(shown("18483767.2")).toBe("18 483 767,20 RUB");
    expect(shown("18500000")).toBe("18 500 000 RUB");
    expect(shown("18500000.00")).toBe("18 500 000 RUB");
    expect(shown("0.999")).toBe("0,99 RUB");
  });

  it("sends only what the select view shows: no order fields, limits or real rates", () => {
    const catalogue = toPairCatalogue(entries, "en");
    expect(Object.keys(catalogue.pairs[0] ?? {}).sort()).toEqual(["rate", "receive", "send"]);
    expect(Object.keys(catalogue.currencies[0] ?? {}).sort()).toEqual([
      "code",
      "icon",
      "kind",
      "name",
      "network",
      "reserve",
      "ticker",
    ]);
  });
});
