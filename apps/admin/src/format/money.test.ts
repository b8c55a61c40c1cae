import { describe, expect, it } from "vitest";
import { formatMoney, formatNumberSafe, formatRateSafe, roundDecimalText } from "./money.ts";

// Issue 26 point 1: a figure the domain's formatter refuses (over 40 digits, or not a decimal)
// is written rounded, or as it came, never thrown from a screen's render.

const PROFIT = "0.0000623210168625447112927950945324476239";

describe("the console's tolerant amounts", () => {
  it("rounds a decimal as text, half up or toward zero, of any length", () => {
    expect(roundDecimalText(PROFIT, 8)).toBe("0.00006232");
    expect(roundDecimalText("1.999999999999999999999999999999999999999995", 2)).toBe("2.00");
    expect(roundDecimalText("-0.125", 2)).toBe("-0.13");
    expect(roundDecimalText("-0.125", 2, true)).toBe("-0.12");
    expect(roundDecimalText("-0.001", 2)).toBe("0.00");
    expect(roundDecimalText("99.995", 2)).toBe("100.00");
    expect(roundDecimalText("12.5", 0)).toBe("13");
    expect(roundDecimalText("12.5", 4)).toBe("12.5");
    expect(roundDecimalText("abc", 2)).toBeNull();
  });

  it("writes a 40-place profit rounded to the currency's places", () => {
    const btc = { code: "BTC", decimals: 8 };
    expect(formatMoney({ amount: PROFIT, currency: btc, locale: "ru" })).toBe(
      "0,00006232\u00a0BTC",
    );
    expect(formatMoney({ amount: PROFIT, currency: btc, locale: "en", roundDown: true })).toBe(
      "0.00006232\u00a0BTC",
    );
    // What the formatter reads itself is written exactly as before.
    expect(
      formatMoney({ amount: "77105.8", currency: { code: "RUB", decimals: 2 }, locale: "ru" }),
    ).toBe("77\u00a0105,80\u00a0RUB");
  });

  it("writes what is no number at all as it came", () => {
    expect(
      formatMoney({ amount: "n/a", currency: { code: "RUB", decimals: 2 }, locale: "ru" }),
    ).toBe("n/a\u00a0RUB");
    expect(formatNumberSafe({ value: "n/a", locale: "ru" })).toBe("n/a");
    expect(
      formatRateSafe({
        rate: { send_rate: "1", receive_rate: `81.${"1".repeat(45)}` },
        sendCode: "USDT",
        receiveCode: "RUB",
        locale: "en",
      }),
    ).toBe("1\u00a0USDT = 81.111111111111111111\u00a0RUB");
  });
});
