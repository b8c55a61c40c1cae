import { describe, expect, it } from "vitest";
import {
  FORMAT_FIELD_TYPE,
  ORDER_FIELD_FORMATS,
  type OrderFieldFormat,
  validateOrderField,
} from "../src/index.ts";

// Payment systems' account formats (decision 025): what each accepts, normalised, and what it
// refuses under its own reason. Valid YooMoney numbers are real published wallets whose check
// digits pass; the IBANs are the registry's and central banks' own examples.
const TABLE: Record<OrderFieldFormat, { valid: [string, string][]; invalid: string[] }> = {
  yoomoney_wallet: {
    valid: [
      ["410011161616877", "410011161616877"],
      ["4100 1191 1005 9662", "4100119110059662"],
      ["4100175017397", "4100175017397"],
      ["4100-1750-1739-7", "4100175017397"],
    ],
    invalid: [
      "abc",
      "4100123456789", // the right shape, wrong check digits
      "410011161616878", // one digit mistyped
      "410011161616787", // two digits swapped
      "410021161616877", // another processing centre
      "4100111", // too short
      "410011234567890123456", // 21 digits
      "4100 1161 6168 7a",
    ],
  },
  payeer_account: {
    valid: [
      ["P1234567", "P1234567"],
      ["p 1000 0000 00", "P1000000000"],
      ["P123456789012", "P123456789012"],
    ],
    invalid: ["abc", "1234567", "P123456", "P1234567890123", "PX1234567", "P12345678@"],
  },
  advcash_usd_wallet: {
    valid: [
      ["U 1234 5678 9012", "U123456789012"],
      ["u123456789012", "U123456789012"],
      ["Payer@Example.COM", "Payer@example.com"],
    ],
    invalid: ["abc", "E123456789012", "U12345678901", "U1234567890123", "payer@", "123456789012"],
  },
  iban: {
    valid: [
      ["GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432"],
      ["de89 3704 0044 0532 0130 00", "DE89370400440532013000"],
      ["UA21 3223 1300 0002 6007 2335 6600 1", "UA213223130000026007233566001"],
      ["NL91ABNA0417164300", "NL91ABNA0417164300"],
    ],
    invalid: [
      "abc",
      "GB82 WEST 1234 5698 7654 33", // last digit mistyped
      "GB28 WEST 1234 5698 7654 32", // check digits swapped
      "DE89 3704 0044 0532 0130 0", // a character missing
      "8289 WEST 1234 5698 7654 32", // no country
      "GB82 WEST 1234",
    ],
  },
  sbp_phone: {
    valid: [
      ["+7 900 123-45-67", "+79001234567"],
      ["8 (912) 345-67-89", "+79123456789"],
      ["79123456789", "+79123456789"],
      ["9123456789", "+79123456789"],
    ],
    invalid: [
      "abc",
      "+7 495 123-45-67", // a Moscow landline: SBP pays to mobiles
      "+7 700 123 45 67", // Kazakhstan shares +7
      "+380 67 123 45 67",
      "+7 912 345 67 8",
      "+8 912 345 67 89",
    ],
  },
};

describe.each(ORDER_FIELD_FORMATS)("format %s", (format) => {
  const type = FORMAT_FIELD_TYPE[format];
  it.each(TABLE[format].valid)("accepts %s", (value, normalized) => {
    expect(validateOrderField({ type, format, value })).toEqual({ ok: true, normalized });
  });
  it.each(TABLE[format].invalid)("refuses %s", (value) => {
    expect(validateOrderField({ type, format, value })).toEqual({
      ok: false,
      reason: `invalid_${format}`,
    });
  });
});

describe("formats and types", () => {
  it("a field without a format keeps its type's rule: free text takes anything", () => {
    expect(validateOrderField({ type: "text", value: "abc" })).toEqual({
      ok: true,
      normalized: "abc",
    });
    expect(validateOrderField({ type: "text", format: null, value: "abc" }).ok).toBe(true);
  });

  it("a format this code does not know (newer data) falls back to the type's rule", () => {
    expect(validateOrderField({ type: "text", format: "future_wallet", value: "abc" }).ok).toBe(
      true,
    );
  });

  it("an empty optional field passes, an empty required one is required, whatever the format", () => {
    expect(
      validateOrderField({ type: "text", format: "iban", value: " ", required: false }),
    ).toEqual({ ok: true, normalized: "" });
    expect(validateOrderField({ type: "text", format: "iban", value: "" })).toEqual({
      ok: false,
      reason: "required",
    });
  });
});
