import type { Currency, CurrencyPairEntry } from "@obmen/contracts";
import { describe, expect, it } from "vitest";
import { formatRate, toPairRows } from "./to-pair-rows.ts";

function currency(code: string, decimal: number, reserve: string): Currency {
  return {
    id: code.length,
    pay_system: {
      name: `${code} pay`,
      icon: `/icons/${code.toLowerCase()}.svg`,
      network_code: null,
    },
    currency_code: { name: code },
    url_xml: code,
    kind: "crypto",
    currency_in_services: {
      reserve: { name: code, reserve },
      decimal,
      min_send_sum: null,
      max_send_sum: null,
      min_receive_sum: null,
      max_receive_sum: null,
      send_limit: { min_send_sum: null, max_send_sum: null },
    },
  };
}

const BTC = currency("BTC", 8, "2.123456789");
const RUB = currency("RUB", 2, "1234567.899");

function pair(
  send: Currency,
  receive: Currency,
  send_rate: string,
  receive_rate: string,
): CurrencyPairEntry {
  return {
    id: 7,
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

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("pair rows for the home page", () => {
  it("quotes one unit of the send currency when send_rate is 1 (spec §4 direction flag)", () => {
    expect(nbsp(formatRate(pair(BTC, RUB, "1", "8900000"), "ru"))).toBe("1 BTC = 8 900 000 RUB");
    expect(formatRate(pair(BTC, RUB, "1.000", "8900000.5"), "en")).toBe("1 BTC = 8,900,000.5 RUB");
  });

  it("quotes one unit of the receive currency otherwise", () => {
    expect(nbsp(formatRate(pair(RUB, BTC, "9150000", "1"), "ru"))).toBe("9 150 000 RUB = 1 BTC");
  });

  it("links each row to its exchange page by the currencies' URL codes", () => {
    const [row] = toPairRows([pair(BTC, RUB, "1", "8900000")], "en");
    const { send_currency, receive_currency } = pair(BTC, RUB, "1", "1").currency_pair;
    expect(row?.path).toBe(`/exchange/${send_currency.url_xml}/${receive_currency.url_xml}`);
  });

  it("shows the receive reserve rounded down to the currency's decimals", () => {
    const [row] = toPairRows([pair(BTC, RUB, "1", "8900000")], "en");
    expect(row?.reserve).toBe("1,234,567.89 RUB");
    const [back] = toPairRows([pair(RUB, BTC, "9150000", "1")], "en");
    expect(back?.reserve).toBe("2.12345678 BTC");
  });

  it("formats decimal strings exactly, beyond float precision", () => {
    const big = currency("USDT", 2, "12345678901234567.89");
    const [row] = toPairRows([pair(BTC, big, "1", "95000")], "en");
    expect(row?.reserve).toBe("12,345,678,901,234,567.89 USDT");
  });

  it("sends only what the page shows", () => {
    const [row] = toPairRows([pair(BTC, RUB, "1", "8900000")], "en");
    expect(Object.keys(row ?? {}).sort()).toEqual([
      "id",
      "path",
      "rate",
      "receive",
      "reserve",
      "send",
    ]);
    expect(row?.send).toEqual({ name: "BTC pay", code: "BTC", icon: "/icons/btc.svg" });
  });
});
