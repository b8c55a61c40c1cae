import { describe, expect, it } from "vitest";
import {
  compareDecimals,
  countDecimals,
  formatDecimal,
  formatPlain,
  parseDecimal,
  roundDown,
  roundUp,
  toDecimal,
} from "../src/index.ts";

describe("parseDecimal", () => {
  it.each(["0", "12", "-0.5", "0.00001234", "999999.99", "007", "1".repeat(40)])(
    "accepts %s",
    (text) => {
      expect(parseDecimal(text)?.toFixed()).toBe(toDecimal(text).toFixed());
    },
  );

  it.each([
    "",
    " 1",
    "1 ",
    "1e5",
    "1E-7",
    "NaN",
    "Infinity",
    ".5",
    "5.",
    "1,5",
    "+1",
    "0x10",
    "1_000",
    "１２", // full-width digits
    "1".repeat(41),
    `0.${"0".repeat(39)}1`,
  ])("rejects %j", (text) => {
    expect(parseDecimal(text)).toBeNull();
  });

  it("rejects non-strings that slip past the types", () => {
    expect(parseDecimal(12 as unknown as string)).toBeNull();
    expect(parseDecimal(null as unknown as string)).toBeNull();
  });

  it("toDecimal throws on malformed trusted data", () => {
    expect(() => toDecimal("1e3")).toThrow(RangeError);
  });
});

describe("rounding and formatting", () => {
  it("rounds down toward zero and up away from zero", () => {
    expect(roundDown(toDecimal("1.239")).toFixed(2)).toBe("1.23");
    expect(roundUp(toDecimal("1.231")).toFixed(2)).toBe("1.24");
    expect(roundUp(toDecimal("1.23")).toFixed(2)).toBe("1.23");
    expect(roundDown(toDecimal("0.123456789"), 8).toFixed(8)).toBe("0.12345678");
    expect(roundUp(toDecimal("0.123456781"), 8).toFixed(8)).toBe("0.12345679");
  });

  it("formats to a fixed number of decimals without exponent", () => {
    expect(formatDecimal(toDecimal("0.00000001"), 8)).toBe("0.00000001");
    expect(formatDecimal(toDecimal("123456789012345678901234567890"), 2)).toBe(
      "123456789012345678901234567890.00",
    );
    expect(formatDecimal(toDecimal("1.005"))).toBe("1.01");
    expect(formatDecimal(toDecimal("1.009"), 2, "down")).toBe("1.00");
    expect(formatDecimal(toDecimal("1.001"), 2, "up")).toBe("1.01");
    expect(formatDecimal(toDecimal("-0.001"), 2, "down")).toBe("0.00");
    expect(formatDecimal(toDecimal("5"), 0)).toBe("5");
    expect(formatPlain(toDecimal("0.00000001"))).toBe("0.00000001");
    expect(formatPlain(toDecimal("1.50"))).toBe("1.5");
  });

  it("counts real decimals and compares", () => {
    expect(countDecimals(toDecimal("1.50"))).toBe(1);
    expect(countDecimals(toDecimal("100"))).toBe(0);
    expect(countDecimals(toDecimal("0.00001234"))).toBe(8);
    expect(compareDecimals("1.10", "1.1")).toBe(0);
    expect(compareDecimals("0.00000001", "0")).toBe(1);
    expect(compareDecimals("-1", "0")).toBe(-1);
  });
});
