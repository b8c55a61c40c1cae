import { DEFAULT_DECIMALS } from "../money.ts";
import {
  assertDecimals,
  formatUnits,
  parseFixed,
  unitsRoundedDown,
  unitsRoundedUp,
} from "./fixed-point.ts";
import {
  maximalSendUnitsFor,
  minimalSendUnitsFor,
  type PairRateValues,
  parseRate,
  receiveUnitsFor,
} from "./rate-math.ts";

/** Spec §9: the calculator's limits before a pair has loaded. */
export const PRELOAD_LIMITS = Object.freeze({
  minSend: "1",
  maxSend: "1000",
  minReceive: "1",
  maxReceive: "100",
});

/** Spec §5/§9: the last fallback when neither the pair nor the currency sets a limit. */
export const FALLBACK_MIN_AMOUNT = "1";
export const FALLBACK_MAX_AMOUNT = "999999";

/** Nullable limits as the catalogue carries them (contracts `CurrencyInService`). */
export interface PairLimitValues {
  min_send_sum: string | null;
  max_send_sum: string | null;
  min_receive_sum: string | null;
  max_receive_sum: string | null;
}

export interface SendLimitValues {
  min_send_sum: string | null;
  max_send_sum: string | null;
}

export interface ResolvedLimits {
  /** Send bounds on the send grid, each reachable: quoteReceive(minSend) = minReceive. */
  minSend: string;
  maxSend: string;
  /** Receive bounds on the receive grid: the receives that minSend and maxSend yield. */
  minReceive: string;
  maxReceive: string;
  /** The maxima are set by the available reserve, not by a configured limit. */
  limitedByReserve: boolean;
  /** False when no amount satisfies every limit (e.g. the reserve is below the minimum). */
  isAvailable: boolean;
}

/**
 * Effective limits for one pair (spec §5, DESIGN.md "Domain rules"):
 * - send: the pair's own min/max, else the send currency's `send_limit`, else 1 / 999999;
 * - receive: the pair's own min/max, else whatever the send limits imply through the rate.
 *   (The spec's literal 1 / 999999 fallback would demand 1 BTC minimum on a RUB→BTC pair
 *   and make it unusable, so receive falls back to the send side instead.);
 * - the receive never exceeds the available reserve; maxSend shrinks to the largest send
 *   whose receive fits, so nothing quoted at maxSend can overdraw the reserve;
 * - every order must receive at least one unit, so a fee larger than the minimum send's
 *   value raises minSend.
 * Bounds are then made mutually consistent (each is what the other side yields), so the UI
 * can show either pair of numbers and `checkAmounts` can check both.
 */
export function resolveLimits(options: {
  rate: PairRateValues;
  pairLimits?: Partial<PairLimitValues> | null;
  /** The send currency's own `send_limit`. */
  sendLimit?: SendLimitValues | null;
  /** The receive currency's available reserve (reserve minus holds); null: not limited. */
  availableReserve?: string | null;
  sendDecimals?: number;
  receiveDecimals?: number;
}): ResolvedLimits {
  const sendDecimals = assertDecimals(options.sendDecimals ?? DEFAULT_DECIMALS);
  const receiveDecimals = assertDecimals(options.receiveDecimals ?? DEFAULT_DECIMALS);
  const rate = parseRate(options.rate);
  const pair = options.pairLimits ?? {};
  const sendLimit = options.sendLimit ?? null;

  const configuredMinSend =
    firstAmount(pair.min_send_sum, sendLimit?.min_send_sum) ?? FALLBACK_MIN_AMOUNT;
  const configuredMaxSend =
    firstAmount(pair.max_send_sum, sendLimit?.max_send_sum) ?? FALLBACK_MAX_AMOUNT;
  const minSendFloor = unitsRoundedUp(parseFixed(configuredMinSend)!, sendDecimals);
  let maxSend = unitsRoundedDown(parseFixed(configuredMaxSend)!, sendDecimals);

  const receiveAt = (sendUnits: bigint) =>
    receiveUnitsFor(rate, { units: sendUnits, scale: sendDecimals }, receiveDecimals);

  let maxReceive = receiveAt(maxSend);
  const pairMaxReceive = firstAmount(pair.max_receive_sum);
  if (pairMaxReceive !== null) {
    maxReceive = min(maxReceive, unitsRoundedDown(parseFixed(pairMaxReceive)!, receiveDecimals));
  }
  const reserveUnits = reserveUnitsOf(options.availableReserve, receiveDecimals);
  const limitedByReserve = reserveUnits !== null && reserveUnits < maxReceive;
  if (limitedByReserve) maxReceive = reserveUnits;
  maxSend = min(maxSend, maximalSendUnitsFor(rate, maxReceive, sendDecimals, receiveDecimals));
  maxReceive = receiveAt(maxSend);

  let minReceive = max(receiveAt(minSendFloor), 1n);
  const pairMinReceive = firstAmount(pair.min_receive_sum);
  if (pairMinReceive !== null) {
    minReceive = max(minReceive, unitsRoundedUp(parseFixed(pairMinReceive)!, receiveDecimals));
  }
  const minSend = max(
    minSendFloor,
    minimalSendUnitsFor(rate, minReceive, sendDecimals, receiveDecimals),
  );
  minReceive = receiveAt(minSend);

  return {
    minSend: formatUnits(minSend, sendDecimals),
    maxSend: formatUnits(maxSend, sendDecimals),
    minReceive: formatUnits(minReceive, receiveDecimals),
    maxReceive: formatUnits(maxReceive, receiveDecimals),
    limitedByReserve,
    isAvailable: minSend <= maxSend,
  };
}

/**
 * The first configured amount. Zero counts as "not set", like the falsy checks of the
 * client the spec describes (§5: "pair-specific min/max, then …"); a malformed value is
 * skipped as well, so one bad catalogue row degrades to the fallback instead of a 500.
 */
function firstAmount(...candidates: Array<string | null | undefined>): string | null {
  for (const candidate of candidates) {
    if (candidate == null) continue;
    const parsed = parseFixed(candidate);
    if (parsed !== null && parsed.units > 0n) return candidate;
  }
  return null;
}

/**
 * A reserve of zero is a real zero (unlike a limit of zero), and a malformed or negative one
 * counts as empty: failing closed is the only safe reading of the reserve (invariant 1).
 */
function reserveUnitsOf(
  reserve: string | null | undefined,
  receiveDecimals: number,
): bigint | null {
  if (reserve == null) return null;
  const parsed = parseFixed(reserve);
  if (parsed === null || parsed.units <= 0n) return 0n;
  return unitsRoundedDown(parsed, receiveDecimals);
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
