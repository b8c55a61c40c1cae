import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareDecimals,
  formatAmount,
  formatAmountInput,
  formatAmountNumber,
  formatRate,
  plainAmount,
} from "../src/index.ts";
import { AMOUNT_FORMAT_CASES, RATE_FORMAT_CASES } from "../src/testing/amount-format-cases.ts";

const LOCALES = ["ru", "en", "uk"] as const;

describe("formatAmount and its forms (the shared table)", () => {
  for (const example of AMOUNT_FORMAT_CASES) {
    const { amount, currency } = example;
    it(`${example.about}: ${amount} ${currency.code}`, () => {
      for (const locale of LOCALES) {
        expect(formatAmount({ amount, currency, locale })).toBe(example.text[locale]);
        expect(formatAmountInput({ amount, decimals: currency.decimals, locale })).toBe(
          example.input[locale],
        );
      }
      expect(plainAmount({ amount, decimals: currency.decimals })).toBe(example.plain);
    });
  }

  for (const example of RATE_FORMAT_CASES) {
    it(`rate: ${example.about}`, () => {
      for (const locale of LOCALES) {
        expect(formatRate({ ...example, locale })).toBe(example.text[locale]);
      }
    });
  }
});

describe("formatAmountNumber", () => {
  // A decimal string of up to 30 integer digits and up to 8 places, as the database holds them.
  const amounts = fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 8 }))
    .map(([units, places]) => {
      const digits = units.toString().padStart(places + 1, "0");
      return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
    });

  it("groups exactly as Intl (CLDR) groups the same integer in every locale", () => {
    fc.assert(
      fc.property(amounts, fc.constantFrom(...LOCALES), (amount, locale) => {
        const [integer] = amount.split(".");
        // BigInt formatting is exact: the reference for the separators and where they go.
        const expected = new Intl.NumberFormat(locale).format(BigInt(integer!));
        const written = formatAmountNumber({ amount, decimals: 8, locale });
        const decimal = locale === "en" ? "." : ",";
        expect(written.split(decimal)[0]).toBe(expected);
      }),
    );
  });

  it("never changes the value: the plain form is the same decimal", () => {
    fc.assert(
      fc.property(amounts, fc.integer({ min: 0, max: 8 }), (amount, decimals) => {
        expect(compareDecimals(plainAmount({ amount, decimals }), amount)).toBe(0);
      }),
    );
  });

  it("writes a fiat amount's cents in full, and a coin's only as far as needed", () => {
    expect(formatAmountNumber({ amount: "0.5", decimals: 2, locale: "en" })).toBe("0.50");
    expect(formatAmountNumber({ amount: "0.50000000", decimals: 8, locale: "en" })).toBe("0.5");
    expect(formatAmountNumber({ amount: "7.000", decimals: 0, locale: "en" })).toBe("7");
  });

  it("refuses what is not a plain decimal instead of guessing", () => {
    expect(() => formatAmountNumber({ amount: "1e3", decimals: 2, locale: "ru" })).toThrow();
    expect(() => formatAmountNumber({ amount: "1,5", decimals: 2, locale: "ru" })).toThrow();
  });
});

describe("roundDown, for what must never look bigger than it is (a reserve)", () => {
  it("cuts places beyond the currency's off, and without it shows every digit", () => {
    const reserve = { amount: "1.999999999", decimals: 6, locale: "en" };
    expect(formatAmountNumber({ ...reserve, roundDown: true })).toBe("1.999999");
    expect(formatAmountNumber(reserve)).toBe("1.999999999");
    expect(
      formatAmountNumber({ amount: "0.999", decimals: 2, locale: "ru", roundDown: true }),
    ).toBe("0,99");
  });
});
