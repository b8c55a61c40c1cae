import { roundDown, roundUp, toDecimal } from "../money.ts";
import { type AmountCurrency, formatAmount, type NumberLocale } from "./format-amount.ts";

/** Significant digits a limit keeps: `48,23 USDT`, `0,001235 BTC`, never `48,229379 USDT`. */
const LIMIT_SIGNIFICANT_DIGITS = 4;
/** A limit always keeps the places of money counted in cents. */
const LIMIT_MIN_PLACES = 2;

/**
 * A bound the visitor reads and may type back (`Минимальная сумма — 48,23 USDT`). A limit is
 * computed through a rate and carries every place of its currency (`48,229379 USDT`), which
 * nobody reads; it is written with four significant digits (at least two places, at most the
 * currency's), a minimum rounded up and a maximum down, so the written bound is itself inside
 * the limits (docs/decisions/055). Amounts to pay keep every digit (`formatAmount`).
 */
export function formatLimit(options: {
  amount: string;
  currency: AmountCurrency;
  locale: NumberLocale;
  bound: "min" | "max";
}): string {
  const { currency, locale } = options;
  const value = toDecimal(options.amount);
  const places = Math.min(currency.decimals, limitPlaces(value));
  const rounded = options.bound === "min" ? roundUp(value, places) : roundDown(value, places);
  return formatAmount({ amount: rounded.toFixed(), currency, locale });
}

/** Places that keep `LIMIT_SIGNIFICANT_DIGITS` digits of `value` (0,00123456 → 6). */
function limitPlaces(value: ReturnType<typeof toDecimal>): number {
  if (value.eq(0)) return LIMIT_MIN_PLACES;
  // big.js keeps the exponent of the first significant digit: 48.2 → 1, 0.00123 → -3.
  const exponent = value.abs().e;
  return Math.max(LIMIT_MIN_PLACES, LIMIT_SIGNIFICANT_DIGITS - 1 - exponent);
}
