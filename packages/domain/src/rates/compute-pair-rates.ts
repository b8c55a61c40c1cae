import {
  divideCeil,
  type FixedDecimal,
  formatUnits,
  pow10,
  toFixedDecimal,
  unitsRoundedDown,
} from "../pricing/fixed-point.ts";
import { quoteKey, type RateFormulaTerm } from "./rate-formula.ts";

/** Places rates are kept to: the database's `numeric(38, 18)` scale. */
export const RATE_PLACES = 18;
/**
 * Significant digits of an applied rate: customers read `1 BTC = 7 090 543.1 RUB`, not 18
 * places; rounding there costs the customer at most one part in 10^7 (decision 056).
 */
export const RATE_SIGNIFICANT_DIGITS = 8;

/**
 * Which side of the pair the formula fills (DESIGN.md "Domain rules": one side is 1). `receive`:
 * `send_rate` is 1 and the formula gives receive units for one send unit (BTC→RUB, the price of
 * a bitcoin in roubles); `send`: `receive_rate` is 1 and the formula gives send units for one
 * receive unit (RUB→BTC, the same price). The pair's presentation decides it (decision 056).
 */
export type RateSide = "send" | "receive";

export interface PairMarkup {
  /** Percent the customer gets less than the real rate, ≥ 0 and < 100 (`"1.5"`). */
  percent: string;
  /** A fixed amount taken on top, in the units of the formula's rate, ≥ 0. */
  fixed?: string | null;
}

export interface PairRates {
  send_rate: string;
  receive_rate: string;
  send_rate_real: string;
  receive_rate_real: string;
}

/**
 * The formula's value from the quotes (`binance:BTCUSDT` → value), rounded half-up to
 * `RATE_PLACES` where a product or a quotient is longer; null when a quote is missing or zero.
 */
export function evaluateRateFormula(
  terms: RateFormulaTerm[],
  quotes: ReadonlyMap<string, string>,
): string | null {
  // An exact fraction numerator/denominator, rounded once at the end.
  let numerator = 1n;
  let denominator = 1n;
  for (const term of terms) {
    const raw = quotes.get(quoteKey(term));
    if (raw === undefined) return null;
    const value = toFixedDecimal(raw);
    if (value.units <= 0n) return null;
    const [top, bottom] = [value.units, pow10(value.scale)];
    if (term.operator === "*") {
      numerator *= top;
      denominator *= bottom;
    } else {
      numerator *= bottom;
      denominator *= top;
    }
  }
  const scaled = numerator * pow10(RATE_PLACES);
  const units = (scaled * 2n + denominator) / (denominator * 2n);
  return units > 0n ? trimmed(formatUnits(units, RATE_PLACES)) : null;
}

/**
 * The applied rate from the real one, always in the exchange's favour (issue 27 point 3): the
 * customer gets `percent` less than the real rate, in either direction, and a fixed markup is
 * taken on top. On the `receive` side the rate the customer receives is lowered and rounded
 * down; on the `send` side the rate the customer pays is raised (real ÷ (1 − p)) and rounded
 * up, so what one unit sent buys is exactly `p` less there too. Null when nothing positive is
 * left (a fixed markup above the rate).
 */
export function applyMarkup(options: {
  real: string;
  side: RateSide;
  markup: PairMarkup;
}): string | null {
  const real = toFixedDecimal(options.real);
  const percent = toFixedDecimal(options.markup.percent);
  const fixed = toFixedDecimal(options.markup.fixed ?? "0");
  // keep = (100 − p) / 100 as an exact fraction keepTop / keepBottom.
  const keepBottom = 100n * pow10(percent.scale);
  const keepTop = keepBottom - percent.units;
  if (keepTop <= 0n || percent.units < 0n || fixed.units < 0n) return null;
  const scale = pow10(RATE_PLACES);
  const fixedUnits = unitsUp(fixed);
  // One exact fraction, rounded once: down for the rate received, up for the rate paid.
  const realTop = real.units * scale;
  const realBottom = pow10(real.scale);
  // Rounded twice the same way (places, then significant digits), which is rounding once.
  const units =
    options.side === "receive"
      ? significant((realTop * keepTop) / (realBottom * keepBottom) - fixedUnits, "down")
      : significant(divideCeil(realTop * keepBottom, realBottom * keepTop) + fixedUnits, "up");
  return units > 0n ? trimmed(formatUnits(units, RATE_PLACES)) : null;
}

/** The pair's four rates for a real rate on one side (the other side is 1). */
export function pairRatesFor(options: {
  real: string;
  side: RateSide;
  markup: PairMarkup;
}): PairRates | null {
  const applied = applyMarkup(options);
  if (applied === null) return null;
  return options.side === "receive"
    ? {
        send_rate: "1",
        receive_rate: applied,
        send_rate_real: "1",
        receive_rate_real: options.real,
      }
    : {
        send_rate: applied,
        receive_rate: "1",
        send_rate_real: options.real,
        receive_rate_real: "1",
      };
}

/** Units rounded to `RATE_SIGNIFICANT_DIGITS`, down or up. */
function significant(units: bigint, direction: "down" | "up"): bigint {
  if (units <= 0n) return units;
  const extra = units.toString().length - RATE_SIGNIFICANT_DIGITS;
  if (extra <= 0) return units;
  const step = pow10(extra);
  return (direction === "down" ? units / step : divideCeil(units, step)) * step;
}

/** A fixed markup longer than the scale would be a rounding in the customer's favour. */
function unitsUp(value: FixedDecimal): bigint {
  if (value.scale <= RATE_PLACES) return value.units * pow10(RATE_PLACES - value.scale);
  return divideCeil(value.units, pow10(value.scale - RATE_PLACES));
}

/** `1.500000000000000000` → `1.5`, as the database normalises reads. */
function trimmed(text: string): string {
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

/** Rounds a value down to the scale, for callers holding a longer real rate. */
export function toRatePlaces(value: string): string {
  return trimmed(formatUnits(unitsRoundedDown(toFixedDecimal(value), RATE_PLACES), RATE_PLACES));
}
