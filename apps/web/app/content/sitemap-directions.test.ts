import type { Currency, CurrencyPairEntry } from "@obmen/contracts";
import { describe, expect, it } from "vitest";
import { groupDirectionsBySend } from "./sitemap-directions.ts";

function currency(urlXml: string, name: string, code: string): Currency {
  return {
    id: urlXml.length,
    pay_system: { name, icon: `/icons/${urlXml}.svg`, network_code: null },
    currency_code: { name: code },
    url_xml: urlXml,
    kind: "crypto",
    currency_in_services: {
      reserve: { name: code, reserve: "1" },
      decimal: 2,
      min_send_sum: null,
      max_send_sum: null,
      min_receive_sum: null,
      max_receive_sum: null,
      send_limit: { min_send_sum: null, max_send_sum: null },
    },
  };
}

const BTC = currency("BTC", "Bitcoin", "BTC");
const USDT = currency("USDTTRC20", "Tether TRC20", "USDT");
const SBER = currency("SBERRUB", "Сбербанк", "RUB");

function pair(id: number, send: Currency, receive: Currency): CurrencyPairEntry {
  const rate = { send_rate: "1", receive_rate: "1", send_rate_real: "1", receive_rate_real: "1" };
  return {
    id,
    rate: { ...rate, comission_amount: "0" },
    currency_pair: { send_currency: send, receive_currency: receive },
    fields: [],
  };
}

describe("groupDirectionsBySend", () => {
  it("groups directions under their send currency in the API's order", () => {
    const groups = groupDirectionsBySend([
      pair(1, USDT, SBER),
      pair(2, BTC, SBER),
      pair(3, USDT, BTC),
    ]);
    expect(groups.map((group) => group.key)).toEqual(["USDTTRC20", "BTC"]);
    expect(groups[0]).toMatchObject({ name: "Tether TRC20", code: "USDT" });
    expect(groups[0]?.directions).toEqual([
      { path: "/exchange/USDTTRC20/SBERRUB", name: "Сбербанк", code: "RUB" },
      { path: "/exchange/USDTTRC20/BTC", name: "Bitcoin", code: "BTC" },
    ]);
    expect(groups[1]?.directions.map((d) => d.path)).toEqual(["/exchange/BTC/SBERRUB"]);
  });

  it("escapes codes for the path", () => {
    const odd = currency("A/B", "Odd", "ODD");
    expect(groupDirectionsBySend([pair(1, odd, BTC)])[0]?.directions[0]?.path).toBe(
      "/exchange/A%2FB/BTC",
    );
  });

  it("is empty without pairs", () => {
    expect(groupDirectionsBySend([])).toEqual([]);
  });
});
