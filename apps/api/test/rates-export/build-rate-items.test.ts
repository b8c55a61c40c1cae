import { describe, expect, it } from "vitest";
import { buildRateItems } from "../../src/rates-export/build-rate-items.ts";
import { renderRatesJson, renderRatesXml } from "../../src/rates-export/render-rates.ts";
import { pairEntry } from "./pair-entry-fixture.ts";

const BTC = { urlXml: "BTC", code: "BTC", decimal: 8, reserve: "2.1" };
const USDT = { urlXml: "USDTTRC20", code: "USDT", decimal: 6, reserve: "412000" };
const SBER = { urlXml: "SBERRUB", code: "RUB", kind: "bank" as const, reserve: "18500000" };

describe("buildRateItems", () => {
  it("maps the rate to in/out and writes plain decimals without trailing zeros", () => {
    const [item] = buildRateItems([
      pairEntry({
        send: { ...BTC, sendLimit: ["0.00050000", "5"] },
        receive: SBER,
        sendRate: "1",
        receiveRate: "8812345.12",
        pairLimits: { min_send_sum: "0.001", max_send_sum: "2.5" },
      }),
    ]);
    expect(item).toMatchObject({
      from: "BTC",
      to: "SBERRUB",
      in: "1",
      out: "8812345.12",
      amount: "18500000",
      minamount: "0.001",
      fromCode: "BTC",
      toCode: "RUB",
      tofee: null,
      param: "manual",
    });
    // The reserve (18.5M RUB) buys less than the pair's 2.5 BTC maximum.
    expect(item!.maxamount).toBe("2.09932767");
  });

  it("falls back to the currency's send limit, then to 1 / 999999", () => {
    const viaCurrency = pairEntry({
      send: { ...USDT, sendLimit: ["20", "200000"] },
      receive: { urlXml: "TRX", code: "TRX", decimal: 6, reserve: "910000000" },
      sendRate: "1",
      receiveRate: "3.66666",
    });
    const fallback = pairEntry({
      send: USDT,
      receive: { urlXml: "TRX", code: "TRX", decimal: 6, reserve: "910000000" },
      sendRate: "1",
      receiveRate: "3.66666",
    });
    const [currencyRung, lastRung] = buildRateItems([viaCurrency, fallback]);
    expect([currencyRung!.minamount, currencyRung!.maxamount]).toEqual(["20", "200000"]);
    expect([lastRung!.minamount, lastRung!.maxamount]).toEqual(["1", "999999"]);
  });

  it("declares the payout fee as tofee and marks only directions touching fiat as manual", () => {
    const [cryptoToCrypto, fiatToCrypto] = buildRateItems([
      pairEntry({
        send: USDT,
        receive: BTC,
        sendRate: "95950",
        receiveRate: "1",
        comission: "0.0001",
      }),
      pairEntry({
        send: SBER,
        receive: BTC,
        sendRate: "8023700",
        receiveRate: "1",
        comission: "0.0001",
      }),
    ]);
    expect(cryptoToCrypto).toMatchObject({ tofee: "0.0001", param: null });
    expect(fiatToCrypto).toMatchObject({ tofee: "0.0001", param: "manual" });
  });

  it("leaves out a direction whose reserve is below its minimum", () => {
    const items = buildRateItems([
      pairEntry({
        send: USDT,
        receive: { ...BTC, reserve: "0.0004" },
        sendRate: "95950",
        receiveRate: "1",
        pairLimits: { min_receive_sum: "0.0005" },
      }),
      pairEntry({
        send: USDT,
        receive: { ...BTC, reserve: "0" },
        sendRate: "95950",
        receiveRate: "1",
      }),
    ]);
    expect(items).toEqual([]);
  });
});

describe("renderRatesXml / renderRatesJson", () => {
  const items = buildRateItems([
    pairEntry({
      send: USDT,
      receive: BTC,
      sendRate: "95950",
      receiveRate: "1",
      comission: "0.0001",
    }),
    pairEntry({ send: BTC, receive: SBER, sendRate: "1", receiveRate: "8812345.12" }),
  ]);

  it("writes BestChange's elements in order, with currency codes after amounts", () => {
    expect(renderRatesXml(items)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<rates>",
        "  <item>",
        "    <from>USDTTRC20</from>",
        "    <to>BTC</to>",
        "    <in>95950</in>",
        "    <out>1</out>",
        "    <amount>2.1</amount>",
        "    <minamount>9.59596 USDT</minamount>",
        "    <maxamount>201504.595959 USDT</maxamount>",
        "    <tofee>0.0001 BTC</tofee>",
        "  </item>",
        "  <item>",
        "    <from>BTC</from>",
        "    <to>SBERRUB</to>",
        "    <in>1</in>",
        "    <out>8812345.12</out>",
        "    <amount>18500000</amount>",
        "    <minamount>1 BTC</minamount>",
        "    <maxamount>2.09932767 BTC</maxamount>",
        "    <param>manual</param>",
        "  </item>",
        "</rates>",
        "",
      ].join("\n"),
    );
  });

  it("escapes text and writes JSON amounts as bare decimal strings", () => {
    const [item] = items;
    const xml = renderRatesXml([{ ...item!, fromCode: "A&B<C>" }]);
    expect(xml).toContain("<minamount>9.59596 A&amp;B&lt;C&gt;</minamount>");
    expect(JSON.parse(renderRatesJson(items))).toEqual({
      rates: [
        {
          from: "USDTTRC20",
          to: "BTC",
          in: "95950",
          out: "1",
          amount: "2.1",
          // 1 USDT buys less than the 0.0001 BTC fee: the minimum rises to what buys 1 satoshi.
          minamount: "9.59596",
          maxamount: "201504.595959",
          tofee: "0.0001",
        },
        {
          from: "BTC",
          to: "SBERRUB",
          in: "1",
          out: "8812345.12",
          amount: "18500000",
          minamount: "1",
          maxamount: "2.09932767",
          param: "manual",
        },
      ],
    });
  });
});
