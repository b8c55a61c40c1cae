import { divideCeil, type FixedDecimal, pow10, toFixedDecimal } from "./fixed-point.ts";

/**
 * The exact arithmetic shared by `quoteReceive`, `quoteSend` and `resolveLimits`. One
 * internal file (not one function per file) because the three solve the same inequality
 * and must agree to the last unit (DESIGN.md "Domain rules"):
 *
 *   receive(S) = floor_R(S × receive_rate / send_rate − comission_amount), clamped at 0,
 *
 * where floor_R rounds down to the receive currency's decimals. Amounts on a currency's grid
 * are bigint counts of its smallest unit (2 decimals: 1 unit = 0.01).
 */

/** The rate fields pricing needs; structurally the wire `PairRate` (contracts, spec §3). */
export interface PairRateValues {
  send_rate: string;
  receive_rate: string;
  comission_amount: string;
}

/** A rate with all three numbers brought to one scale k: rr = receiveRate / 10^k, etc. */
export interface ParsedRate {
  scale: number;
  sendRate: bigint;
  receiveRate: bigint;
  fee: bigint;
  /** receiveRate × 10^k and fee × sendRate: the two terms of the quote's numerator. */
  receiveRateShifted: bigint;
  feeTimesSendRate: bigint;
}

interface CacheEntry {
  source: PairRateValues;
  send_rate: string;
  receive_rate: string;
  comission_amount: string;
  parsed: ParsedRate;
}

/**
 * A one-entry memo: the calculator and the API quote one rate object many times in a row and
 * parsing it is a large share of a quote's cost. Comparing the strings too (not only the
 * object) means a mutated object never returns a stale parse.
 */
let lastParsed: CacheEntry | undefined;

/** Parses and checks a pair rate: both rates positive, fee not negative; throws otherwise. */
export function parseRate(rate: PairRateValues): ParsedRate {
  const cached = lastParsed;
  if (
    cached !== undefined &&
    cached.source === rate &&
    cached.send_rate === rate.send_rate &&
    cached.receive_rate === rate.receive_rate &&
    cached.comission_amount === rate.comission_amount
  ) {
    return cached.parsed;
  }
  const send = toFixedDecimal(rate.send_rate);
  const receive = toFixedDecimal(rate.receive_rate);
  const fee = toFixedDecimal(rate.comission_amount);
  if (send.units <= 0n || receive.units <= 0n) {
    throw new RangeError("A pair rate needs a positive send_rate and receive_rate");
  }
  if (fee.units < 0n) throw new RangeError("comission_amount must not be negative");
  const scale = Math.max(send.scale, receive.scale, fee.scale);
  const at = (value: FixedDecimal) => value.units * pow10(scale - value.scale);
  const parsed: ParsedRate = {
    scale,
    sendRate: at(send),
    receiveRate: at(receive),
    fee: at(fee),
    receiveRateShifted: at(receive) * pow10(scale),
    feeTimesSendRate: at(fee) * at(send),
  };
  lastParsed = { ...rate, source: rate, parsed };
  return parsed;
}

/**
 * S×rr − fee×sr over the common denominator 10^(a+2k), for a send of `units`/10^a.
 * Its sign says whether anything is left after the fee.
 */
function netNumerator(rate: ParsedRate, send: FixedDecimal): bigint {
  return send.units * rate.receiveRateShifted - rate.feeTimesSendRate * pow10(send.scale);
}

/** Receive-grid units the customer gets for `send` (≥ 0); rounded down, never below 0. */
export function receiveUnitsFor(
  rate: ParsedRate,
  send: FixedDecimal,
  receiveDecimals: number,
): bigint {
  const numerator = netNumerator(rate, send);
  if (numerator <= 0n) return 0n;
  // (S×rr − fee×sr) / sr = numerator / (10^(a+k) × sendRate); one truncating division.
  const denominator = rate.sendRate * pow10(send.scale + rate.scale);
  return (numerator * pow10(receiveDecimals)) / denominator;
}

/** True when the fixed fee takes the whole gross amount (the receive is clamped to 0). */
export function isConsumedByFee(rate: ParsedRate, send: FixedDecimal): boolean {
  return rate.fee > 0n && netNumerator(rate, send) <= 0n;
}

/**
 * The smallest send (send-grid units) whose receive is at least `receiveUnits`.
 * receive(S) ≥ r ⇔ S×rr/sr − fee ≥ r (r is on the receive grid, so flooring is harmless)
 *              ⇔ S ≥ (r + fee) × sr / rr, hence that bound rounded up to the send grid.
 */
export function minimalSendUnitsFor(
  rate: ParsedRate,
  receiveUnits: bigint,
  sendDecimals: number,
  receiveDecimals: number,
): bigint {
  if (receiveUnits <= 0n) return 0n;
  const numerator =
    (receiveUnits * pow10(rate.scale) + rate.fee * pow10(receiveDecimals)) *
    rate.sendRate *
    pow10(sendDecimals);
  return divideCeil(numerator, pow10(receiveDecimals + rate.scale) * rate.receiveRate);
}

/**
 * The largest send (send-grid units) whose receive is at most `receiveUnits` (≥ 0): how the
 * reserve caps the send side without ever promising more than the reserve.
 * receive(S) ≤ m ⇔ S×rr/sr − fee < m + 1 unit ⇔ S < (m + 1 unit + fee) × sr / rr.
 */
export function maximalSendUnitsFor(
  rate: ParsedRate,
  receiveUnits: bigint,
  sendDecimals: number,
  receiveDecimals: number,
): bigint {
  const numerator =
    ((receiveUnits + 1n) * pow10(rate.scale) + rate.fee * pow10(receiveDecimals)) *
    rate.sendRate *
    pow10(sendDecimals);
  const exclusiveBound = divideCeil(
    numerator,
    pow10(receiveDecimals + rate.scale) * rate.receiveRate,
  );
  return exclusiveBound - 1n;
}
