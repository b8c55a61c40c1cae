import { formatDecimal, parseDecimal } from "../money.ts";

/** Spec §5/§9: the calculator's amount when nothing else is known. */
export const FALLBACK_SEND_AMOUNT = "10";

/**
 * The calculator's initial send amount (spec §5): the user's template amount, else the
 * pair's minimum send, else 10. Blank, malformed or non-positive candidates are skipped.
 * With `sendDecimals` the result is formatted to the send currency's grid, rounded up
 * (an amount the customer sends, DESIGN.md "Domain rules").
 */
export function defaultSendAmount(options: {
  templateAmount?: string | null;
  minSend?: string | null;
  sendDecimals?: number;
}): string {
  for (const candidate of [options.templateAmount, options.minSend, FALLBACK_SEND_AMOUNT]) {
    if (candidate == null) continue;
    const amount = parseDecimal(candidate);
    if (amount === null || amount.lte(0)) continue;
    return options.sendDecimals === undefined
      ? amount.toFixed()
      : formatDecimal(amount, options.sendDecimals, "up");
  }
  return FALLBACK_SEND_AMOUNT;
}
