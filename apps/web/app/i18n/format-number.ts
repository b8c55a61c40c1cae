import type { Locale } from "./locale.ts";

/**
 * Formats a decimal string for people without passing through a float: Intl.NumberFormat
 * formats a numeric string exactly (ES2023), so `0.1 + 0.2` problems never reach the page.
 * Russian and Ukrainian group with a no-break space and use a decimal comma (`8 116,40`).
 */
export function formatDecimal(
  value: string,
  locale: Locale,
  options: {
    maximumFractionDigits: number;
    minimumFractionDigits?: number;
    roundingMode?: Intl.NumberFormatOptions["roundingMode"];
    trailingZeroDisplay?: Intl.NumberFormatOptions["trailingZeroDisplay"];
  },
): string {
  return new Intl.NumberFormat(locale, options).format(value as Intl.StringNumericLiteral);
}

/**
 * An amount on its currency's grid for reading: `8 116,40 RUB`, `18 500 000 RUB`, `0,0005 BTC`.
 * Cents show as two digits (not `4 058,2`), whole amounts without them; never rounded up.
 */
export function formatMoney(value: string, decimals: number, code: string, locale: Locale): string {
  const number = formatDecimal(value, locale, {
    minimumFractionDigits: Math.min(decimals, 2),
    maximumFractionDigits: decimals,
    trailingZeroDisplay: "stripIfInteger",
    roundingMode: "trunc",
  });
  return `${number} ${code}`;
}
