import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyMarkup,
  evaluateRateFormula,
  isRateJump,
  pairRatesFor,
  parseRateFormula,
} from "../../src/index.ts";

// The reference: big.js with its own settings, rounding once at the database's 18 places in
// the direction the rule names. Independent of the BigInt fractions under test.
const Wide = Big();
Wide.DP = 60;
const Down = Big();
Down.DP = 18;
Down.RM = Big.roundDown;
const Up = Big();
Up.DP = 18;
Up.RM = Big.roundUp;
const normal = (value: Big) =>
  value
    .toFixed()
    .replace(/(\.\d*?)0+$/, "$1")
    .replace(/\.$/, "");

/** A positive decimal with up to `places` places, as sources and operators write them. */
const decimal = (places: number, max = 10_000_000) =>
  fc
    .tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 10 ** Math.min(places, 8) - 1 }))
    .map(([whole, fraction]) =>
      places === 0
        ? String(whole)
        : `${whole}.${String(fraction).padStart(Math.min(places, 8), "0")}`,
    )
    .filter((text) => new Big(text).gt(0));
const percent = fc
  .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
  .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(2, "0")}`);

describe("formulas", () => {
  it("parses a quote, a cross rate and a quotient; refuses anything else", () => {
    expect(parseRateFormula("binance:BTCUSDT*cbr:USDRUB")).toEqual([
      { operator: "*", source: "binance", symbol: "BTCUSDT" },
      { operator: "*", source: "cbr", symbol: "USDRUB" },
    ]);
    expect(parseRateFormula("cbr:USDRUB/nbu:USDUAH")?.[1]?.operator).toBe("/");
    for (const bad of [
      "",
      "binance",
      "kraken:BTCUSD",
      "binance:btcusdt",
      "binance:BTCUSDT*",
      "a:B*c:D*e:F*g:H*i:J",
    ]) {
      expect(parseRateFormula(bad)).toBeNull();
    }
  });

  it("a cross rate is the exact product, a quotient rounds half up at 18 places", () => {
    const quotes = new Map([
      ["binance:BTCUSDT", "91234.505"],
      ["cbr:USDRUB", "78.9013"],
      ["nbu:USDUAH", "41.7841"],
    ]);
    expect(evaluateRateFormula(parseRateFormula("binance:BTCUSDT*cbr:USDRUB")!, quotes)).toBe(
      "7198521.0493565",
    );
    expect(evaluateRateFormula(parseRateFormula("cbr:USDRUB/nbu:USDUAH")!, quotes)).toBe(
      new Big("78.9013").div("41.7841").round(18, Big.roundHalfUp).toFixed().replace(/0+$/, ""),
    );
    expect(evaluateRateFormula(parseRateFormula("binance:ETHUSDT")!, quotes)).toBeNull();
  });

  it("products match the decimal reference", () => {
    fc.assert(
      fc.property(decimal(8), decimal(4, 200), (a, b) => {
        const quotes = new Map([
          ["binance:AB", a],
          ["cbr:BC", b],
        ]);
        const got = evaluateRateFormula(parseRateFormula("binance:AB*cbr:BC")!, quotes);
        expect(got).toBe(normal(new Wide(a).times(b).round(18, Big.roundHalfUp)));
      }),
    );
  });
});

describe("markups are in the exchange's favour, exactly", () => {
  it("1.5 % gives the customer 1.5 % less in either direction", () => {
    expect(applyMarkup({ real: "100", side: "receive", markup: { percent: "1.5" } })).toBe("98.5");
    // Paying 100 ÷ 0.985 per unit: one unit sent buys 0.985 ÷ 100, 1.5 % less than 1 ÷ 100.
    const paid = applyMarkup({ real: "100", side: "send", markup: { percent: "1.5" } })!;
    expect(paid).toBe("101.52285");
    expect(new Big(1).div(paid).lte(new Big("0.985").div(100))).toBe(true);
    expect(
      pairRatesFor({ real: "100", side: "send", markup: { percent: "0", fixed: "2" } }),
    ).toEqual({
      send_rate: "102",
      receive_rate: "1",
      send_rate_real: "100",
      receive_rate_real: "1",
    });
    expect(
      applyMarkup({ real: "1", side: "receive", markup: { percent: "0", fixed: "1" } }),
    ).toBeNull();
    expect(applyMarkup({ real: "1", side: "receive", markup: { percent: "100" } })).toBeNull();
  });

  it("the receive side matches the reference, rounded down", () => {
    fc.assert(
      fc.property(decimal(8), percent, decimal(2, 5), (real, p, fixed) => {
        const got = applyMarkup({ real, side: "receive", markup: { percent: p, fixed } });
        const exact = new Wide(real).times(new Wide(100).minus(p)).div(100).minus(fixed);
        const expected = new Down(exact.toFixed()).round(18, Big.roundDown).prec(8, Big.roundDown);
        if (expected.lte(0)) {
          expect(got).toBeNull();
          return;
        }
        expect(got).toBe(normal(expected));
        // Never more than p % less than the real rate minus the fixed part, and never less.
        expect(new Big(got!).lte(exact)).toBe(true);
      }),
    );
  });

  it("the send side matches the reference, rounded up, and one unit sent buys ≤ (1 − p) of real", () => {
    fc.assert(
      fc.property(decimal(8), percent, decimal(2, 5), (real, p, fixed) => {
        const got = applyMarkup({ real, side: "send", markup: { percent: p, fixed } })!;
        const keep = new Wide(100).minus(p).div(100);
        const expected = new Up(real)
          .times(100)
          .div(new Up(100).minus(p))
          .plus(fixed)
          .prec(8, Big.roundUp);
        expect(got).toBe(normal(expected));
        // What one unit sent buys, against the real rate: at least p % less.
        expect(new Wide(1).div(got).lte(keep.div(real))).toBe(true);
      }),
    );
  });
});

describe("jumps", () => {
  it("moves beyond the bound, either way, exactly", () => {
    expect(isRateJump({ previous: "100", next: "110", boundPercent: "10" })).toBe(false);
    expect(isRateJump({ previous: "100", next: "110.0000001", boundPercent: "10" })).toBe(true);
    expect(isRateJump({ previous: "100", next: "89.99", boundPercent: "10" })).toBe(true);
  });
});
