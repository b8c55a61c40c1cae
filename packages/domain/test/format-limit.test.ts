import { describe, expect, it } from "vitest";
import { formatLimit } from "../src/index.ts";

const USDT = { code: "USDT", decimals: 6 };
const BTC = { code: "BTC", decimals: 8 };
const RUB = { code: "RUB", decimals: 2 };
const nb = (text: string) => text.replaceAll(" ", "\u00a0");

describe("formatLimit", () => {
  it("writes a minimum rounded up and a maximum down to four significant digits", () => {
    const min = (amount: string, currency = USDT, locale = "ru") =>
      formatLimit({ amount, currency, locale, bound: "min" });
    const max = (amount: string, currency = USDT, locale = "ru") =>
      formatLimit({ amount, currency, locale, bound: "max" });
    // Issue 26 point 7: the minimum that read `48,229379 USDT`.
    expect(min("48.229379")).toBe(nb("48,23 USDT"));
    expect(max("48.229379")).toBe(nb("48,22 USDT"));
    expect(min("48.229379", USDT, "en")).toBe(nb("48.23 USDT"));
    expect(min("0.00123456", BTC)).toBe(nb("0,001235 BTC"));
    expect(max("0.00123456", BTC)).toBe(nb("0,001234 BTC"));
    // Large amounts keep their whole part; cents stay cents.
    expect(max("3855290.57", RUB)).toBe(nb("3 855 290,57 RUB"));
    expect(min("411999.999641")).toBe(nb("412 000 USDT"));
    expect(max("411999.999641")).toBe(nb("411 999,99 USDT"));
    expect(min("0.001", BTC)).toBe(nb("0,001 BTC"));
    expect(min("0", RUB)).toBe(nb("0 RUB"));
  });

  it("never writes a bound outside the limits it describes", () => {
    for (const amount of ["48.229379", "0.00123456", "1.000001", "999.999999"]) {
      const plain = (text: string) =>
        text
          .replace(/\s[A-Z]+$/, "")
          .replace(/\s/g, "")
          .replace(",", ".");
      const low = plain(formatLimit({ amount, currency: USDT, locale: "ru", bound: "min" }));
      const high = plain(formatLimit({ amount, currency: USDT, locale: "ru", bound: "max" }));
      expect(Number(low)).toBeGreaterThanOrEqual(Number(amount));
      expect(Number(high)).toBeLessThanOrEqual(Number(amount));
    }
  });
});
