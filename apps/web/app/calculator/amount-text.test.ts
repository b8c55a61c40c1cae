import { describe, expect, it } from "vitest";
import { formatAmountText, parseAmountText } from "./amount-text.ts";

describe("calculator amount text", () => {
  it("reads what people type in each locale", () => {
    expect(parseAmountText("100", "ru")).toBe("100");
    expect(parseAmountText("100,5", "ru")).toBe("100.5");
    expect(parseAmountText("100.5", "uk")).toBe("100.5");
    expect(parseAmountText("8\u00a0116,40", "ru")).toBe("8116.40");
    expect(parseAmountText("8,116.40", "en")).toBe("8116.40");
    expect(parseAmountText("100,5", "en")).toBe("100.5");
    expect(parseAmountText("100,", "ru")).toBe("100");
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", " ", "abc", "-5", "1e3", "1,2,3", "1.2.3", ".5"]) {
      expect(parseAmountText(text, "ru"), text).toBeNull();
    }
  });

  it("formats with the currency's decimals and reads its own output back", () => {
    expect(formatAmountText("8116.4", 2, "ru")).toBe("8\u00a0116,40");
    expect(formatAmountText("8116.4", 2, "en")).toBe("8,116.40");
    expect(formatAmountText("0.00123456", 8, "uk")).toBe("0,00123456");
    for (const locale of ["ru", "en", "uk"] as const) {
      expect(parseAmountText(formatAmountText("1234567.89", 2, locale), locale)).toBe("1234567.89");
    }
  });
});
