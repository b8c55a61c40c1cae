import { DEFAULT_DECIMALS, type Decimal } from "../money.ts";
import { assertDecimals, formatUnits, toFixedDecimal, unitsRoundedUp } from "./fixed-point.ts";
import { isConsumedByFee, type PairRateValues, parseRate, receiveUnitsFor } from "./rate-math.ts";

export interface QuoteReceiveResult {
  /** The send amount the quote used: rounded UP to the send currency's decimals if given. */
  sendAmount: string;
  /** What the customer gets, rounded DOWN to the receive currency's decimals, never below 0. */
  receiveAmount: string;
  /** The fixed fee (`comission_amount`) takes the whole amount: the customer would get 0. */
  consumedByFee: boolean;
}

/**
 * receive = send × receive_rate / send_rate − comission_amount (DESIGN.md "Domain rules",
 * spec §5), rounded down for the customer, never below 0. `sendAmount` must already be a
 * valid non-negative decimal (check user input with `checkAmounts` or `parseDecimal`
 * first): malformed input or an invalid rate throws a RangeError.
 */
export function quoteReceive(options: {
  rate: PairRateValues;
  sendAmount: string | Decimal;
  /** When given, the send amount is first rounded UP to it (the customer cannot send less). */
  sendDecimals?: number;
  receiveDecimals?: number;
}): QuoteReceiveResult {
  const { rate, sendDecimals } = options;
  const receiveDecimals = assertDecimals(options.receiveDecimals ?? DEFAULT_DECIMALS);
  const parsedRate = parseRate(rate);
  let send = toFixedDecimal(options.sendAmount);
  if (send.units < 0n) throw new RangeError("sendAmount must not be negative");
  if (sendDecimals !== undefined) {
    send = { units: unitsRoundedUp(send, assertDecimals(sendDecimals)), scale: sendDecimals };
  }
  const receiveUnits = receiveUnitsFor(parsedRate, send, receiveDecimals);
  return {
    sendAmount: formatUnits(send.units, send.scale),
    receiveAmount: formatUnits(receiveUnits, receiveDecimals),
    consumedByFee: receiveUnits === 0n && isConsumedByFee(parsedRate, send),
  };
}
