/**
 * Just enough exact arithmetic to derive the demo rates from market prices: rationals over
 * bigint, printed as decimal strings. Seed-only; the product's money maths lives in
 * @obmen/domain.
 */
export type Fraction = { numerator: bigint; denominator: bigint };

export function parseDecimal(value: string): Fraction {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) throw new Error(`Not a positive decimal: ${value}`);
  const fraction = match[2] ?? "";
  return { numerator: BigInt(match[1] + fraction), denominator: 10n ** BigInt(fraction.length) };
}

export function multiply(a: Fraction, b: Fraction): Fraction {
  return { numerator: a.numerator * b.numerator, denominator: a.denominator * b.denominator };
}

export function divide(a: Fraction, b: Fraction): Fraction {
  return { numerator: a.numerator * b.denominator, denominator: a.denominator * b.numerator };
}

export function add(a: Fraction, b: Fraction): Fraction {
  return {
    numerator: a.numerator * b.denominator + b.numerator * a.denominator,
    denominator: a.denominator * b.denominator,
  };
}

export function subtract(a: Fraction, b: Fraction): Fraction {
  return add(a, { numerator: -b.numerator, denominator: b.denominator });
}

export function compare(a: Fraction, b: Fraction): number {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left === right ? 0 : left < right ? -1 : 1;
}

export type Rounding = "down" | "up" | "nearest";

/**
 * Prints a positive fraction with `significant` significant digits (at most 18 decimals, the
 * column's scale), rounding as asked, without trailing zeros.
 */
export function toSignificant(value: Fraction, significant: number, rounding: Rounding): string {
  if (value.numerator <= 0n) throw new Error("Only positive values are printed");
  const integerDigits = (value.numerator / value.denominator).toString().length;
  const isBelowOne = value.numerator < value.denominator;
  let decimals = isBelowOne ? significant + leadingZeros(value) : significant - integerDigits;
  decimals = Math.min(18, Math.max(0, decimals));
  const scale = 10n ** BigInt(decimals);
  const scaled = value.numerator * scale;
  let units = scaled / value.denominator;
  const remainder = scaled % value.denominator;
  if (remainder > 0n) {
    if (rounding === "up" || (rounding === "nearest" && remainder * 2n >= value.denominator)) {
      units += 1n;
    }
  }
  return formatUnits(units, decimals);
}

function leadingZeros(value: Fraction): number {
  let zeros = 0;
  let numerator = value.numerator * 10n;
  while (numerator < value.denominator) {
    numerator *= 10n;
    zeros += 1;
  }
  return zeros;
}

function formatUnits(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}
