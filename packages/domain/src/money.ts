import Big from "big.js";

/**
 * Money as decimal strings on the wire and big.js values in code, never a JS `number`
 * (DESIGN.md "Stack: money"; STYLE.md rule 5). These helpers never touch the global `Big`
 * settings: the web calculator and other packages may share the same big.js module.
 */

/** A decimal value. `Big` from big.js; obtain one with `parseDecimal` or `toDecimal`. */
export type Decimal = Big;

/** Spec §5/§9: amounts use the currency's decimal places, 2 when the currency gives none. */
export const DEFAULT_DECIMALS = 2;
/** Most decimal places a currency may have (the database checks the same bound). */
export const MAX_CURRENCY_DECIMALS = 18;

/** Longest accepted decimal (digits, sign and point excluded): bounds work on hostile input. */
export const MAX_DECIMAL_DIGITS = 40;

/** `down` truncates toward zero, `up` rounds away from zero, `half-up` is the usual rounding. */
export type Rounding = "down" | "up" | "half-up";

/** A private constructor, so nothing here depends on (or changes) `Big.DP`/`Big.RM`. */
const Local = Big();
Local.DP = MAX_DECIMAL_DIGITS;

const ROUNDING_MODE = { down: 0, "half-up": 1, up: 3 } as const satisfies Record<Rounding, number>;

/** A plain decimal as the wire and the database write it: digits, an optional point, a sign. */
export const DECIMAL_PATTERN = /^-?\d+(?:\.\d+)?$/;

/**
 * Strictly parses a plain decimal string ("12", "-0.5", "0.00001234").
 * Rejects exponent notation, empty strings, whitespace, "NaN", ".5", "5.", "1,5" and
 * anything longer than MAX_DECIMAL_DIGITS digits. Returns null instead of throwing because
 * user input is expected to be wrong sometimes.
 */
export function parseDecimal(text: string): Decimal | null {
  return isPlainDecimal(text) ? new Local(text) : null;
}

/** The syntax check behind `parseDecimal`, shared with the integer pricing core. */
export function isPlainDecimal(text: string): boolean {
  if (typeof text !== "string" || !DECIMAL_PATTERN.test(text)) return false;
  const digitCount = text.length - (text[0] === "-" ? 1 : 0) - (text.includes(".") ? 1 : 0);
  return digitCount <= MAX_DECIMAL_DIGITS;
}

/** Like `parseDecimal` for trusted data (DB rows, constants): throws on a malformed value. */
export function toDecimal(value: Decimal | string): Decimal {
  if (typeof value !== "string") return value;
  const parsed = parseDecimal(value);
  if (parsed === null) throw new RangeError(`Not a plain decimal string: ${JSON.stringify(value)}`);
  return parsed;
}

/** How many decimal places the value really has ("1.50" has 1). */
export function countDecimals(value: Decimal): number {
  return Math.max(0, value.c.length - value.e - 1);
}

/** Rounds toward zero to `decimals` places: what the customer receives (DESIGN "Domain rules"). */
export function roundDown(value: Decimal, decimals: number = DEFAULT_DECIMALS): Decimal {
  return value.round(decimals, ROUNDING_MODE.down);
}

/** Rounds away from zero to `decimals` places: what the customer must send. */
export function roundUp(value: Decimal, decimals: number = DEFAULT_DECIMALS): Decimal {
  return value.round(decimals, ROUNDING_MODE.up);
}

/**
 * Formats with exactly `decimals` places and no exponent (big.js `toFixed` never uses one;
 * it also prints a negative zero as "0.00").
 */
export function formatDecimal(
  value: Decimal,
  decimals: number = DEFAULT_DECIMALS,
  rounding: Rounding = "half-up",
): string {
  return value.round(decimals, ROUNDING_MODE[rounding]).toFixed(decimals);
}

/** Formats without exponent and without trailing zeros ("1.50" → "1.5", "1e-8" → "0.00000001"). */
export function formatPlain(value: Decimal): string {
  return value.toFixed();
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. */
export function compareDecimals(a: Decimal | string, b: Decimal | string): -1 | 0 | 1 {
  return toDecimal(a).cmp(toDecimal(b));
}
