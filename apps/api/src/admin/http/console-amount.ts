import { type Decimal, type Rounding, toDecimal } from "@obmen/domain";

/**
 * A computed money figure as the console API sends it: rounded to its currency's places and
 * written plain (no exponent, no trailing zeros, never "-0"). Figures summed or derived from
 * rates (a profit, a volume, an available reserve) are exact in code and may carry dozens of
 * places; they are rounded once, here at the edge, after all the arithmetic
 * (docs/decisions/060-console-figures-rounded-at-the-edge.md). Half-up by default: a report's
 * figure is neither owed nor paid, so it is rounded the usual way; an amount someone could
 * draw on (an available reserve) is cut down.
 */
export function consoleAmount(
  value: Decimal | string,
  decimals: number,
  rounding: Rounding = "half-up",
): string {
  const mode = rounding === "down" ? 0 : rounding === "up" ? 3 : 1;
  const rounded = toDecimal(value).round(decimals, mode);
  return rounded.eq(0) ? "0" : rounded.toFixed();
}
