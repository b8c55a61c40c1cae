import { DEFAULT_DECIMALS, type Decimal } from "../money.ts";
import { assertDecimals, formatUnits, toFixedDecimal, unitsRoundedUp } from "./fixed-point.ts";
import {
  minimalSendUnitsFor,
  type PairRateValues,
  parseRate,
  receiveUnitsFor,
} from "./rate-math.ts";

export interface QuoteSendResult {
  /** The smallest amount on the send currency's grid that yields at least the wanted receive. */
  sendAmount: string;
  /**
   * What that send really yields (`quoteReceive` of it): at least the wanted amount, more
   * when the send grid is coarser than the receive grid. Create the order with this.
   */
  receiveAmount: string;
}

/**
 * The exact inverse of `quoteReceive` (DESIGN.md "Domain rules"): the minimal send, rounded
 * UP to the send currency's decimals, such that quoteReceive(send) ≥ receiveAmount, while
 * one unit less gives less. A wanted receive of 0 or less needs a send of 0.
 */
export function quoteSend(options: {
  rate: PairRateValues;
  receiveAmount: string | Decimal;
  sendDecimals?: number;
  receiveDecimals?: number;
}): QuoteSendResult {
  const sendDecimals = assertDecimals(options.sendDecimals ?? DEFAULT_DECIMALS);
  const receiveDecimals = assertDecimals(options.receiveDecimals ?? DEFAULT_DECIMALS);
  const parsedRate = parseRate(options.rate);
  const wanted = toFixedDecimal(options.receiveAmount);
  // A wanted amount finer than the receive grid is only reachable at the next grid step.
  const wantedUnits = wanted.units <= 0n ? 0n : unitsRoundedUp(wanted, receiveDecimals);
  const sendUnits = minimalSendUnitsFor(parsedRate, wantedUnits, sendDecimals, receiveDecimals);
  const receiveUnits =
    sendUnits === 0n
      ? 0n
      : receiveUnitsFor(parsedRate, { units: sendUnits, scale: sendDecimals }, receiveDecimals);
  return {
    sendAmount: formatUnits(sendUnits, sendDecimals),
    receiveAmount: formatUnits(receiveUnits, receiveDecimals),
  };
}
