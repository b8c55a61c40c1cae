import { formatAmountInput } from "@obmen/domain";
import { AMOUNT_FORMAT_CASES } from "@obmen/domain/testing";
import { describe, expect, it } from "vitest";
import { parseAmountText } from "./amount-text.ts";

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

  it("reads back every amount the fields show, and the grouped form a visitor may paste", () => {
    for (const example of AMOUNT_FORMAT_CASES) {
      for (const locale of ["ru", "en", "uk"] as const) {
        const input = formatAmountInput({
          ...example,
          decimals: example.currency.decimals,
          locale,
        });
        expect(input).toBe(example.input[locale]);
        expect(parseAmountText(input, locale)).toBe(example.plain);
        const grouped = example.text[locale].replace(/\u00a0[A-Z]+$/, "");
        expect(parseAmountText(grouped, locale), grouped).toBe(example.plain);
      }
    }
  });
});
