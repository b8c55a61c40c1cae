import { toDecimal } from "../money.ts";

/** Decimals kept when a rate has to be normalised for display. */
export const DISPLAY_RATE_DECIMALS = 8;

export interface DisplayedRate {
  /** "1 X = N Y" reads sendAmount X = receiveAmount Y; one of the two is "1". */
  sendAmount: string;
  receiveAmount: string;
  /** Spec §4 direction flag: the send side is 1 ("1 BTC = 9000000 RUB"). */
  inverted: boolean;
}

/**
 * The rate as the calculator shows it: "1 X = N Y" when send_rate is 1 (the spec's inverted
 * presentation, §4), "N X = 1 Y" when receive_rate is 1, so the number shown is ≥ 1 for the
 * usual catalogue. Rates with neither side 1 are normalised to whichever form shows a number
 * ≥ 1, rounded half-up to DISPLAY_RATE_DECIMALS. Numbers are plain decimal strings without
 * trailing zeros; locale formatting (grouping, separators) is the UI's job.
 */
export function displayRate(rate: { send_rate: string; receive_rate: string }): DisplayedRate {
  const sendRate = toDecimal(rate.send_rate);
  const receiveRate = toDecimal(rate.receive_rate);
  if (sendRate.lte(0) || receiveRate.lte(0)) {
    throw new RangeError("A pair rate needs a positive send_rate and receive_rate");
  }
  if (sendRate.eq(1))
    return { sendAmount: "1", receiveAmount: receiveRate.toFixed(), inverted: true };
  if (receiveRate.eq(1))
    return { sendAmount: sendRate.toFixed(), receiveAmount: "1", inverted: false };
  if (receiveRate.gte(sendRate)) {
    const price = receiveRate.div(sendRate).round(DISPLAY_RATE_DECIMALS);
    return { sendAmount: "1", receiveAmount: price.toFixed(), inverted: true };
  }
  const cost = sendRate.div(receiveRate).round(DISPLAY_RATE_DECIMALS);
  return { sendAmount: cost.toFixed(), receiveAmount: "1", inverted: false };
}
