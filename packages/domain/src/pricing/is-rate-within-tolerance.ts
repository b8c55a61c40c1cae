import { type Decimal, parseDecimal, toDecimal } from "../money.ts";

/**
 * How far (relatively) the rate a client saw may drift from the current one before a create
 * is refused with the new rate (DESIGN.md "Domain rules"). 0.5%: above ordinary crypto
 * jitter between a page load and a click, well below an operator's typical markup.
 */
export const DEFAULT_RATE_TOLERANCE = "0.005";

/**
 * Compares the effective prices (receive units per send unit) relatively, in both
 * directions: |client − current| ≤ tolerance × current. Cross-multiplied so no division
 * (and no rounding) is involved:
 *   |cr/cs − qr/qs| ≤ t·qr/qs  ⇔  |cr·qs − qr·cs| ≤ t·qr·cs   (all rates positive).
 * The fixed fee is not part of the price the client echoes (spec §3 calculator form).
 * A malformed or non-positive client rate is never within tolerance.
 */
export function isRateWithinTolerance(options: {
  clientRate: { send_rate: string; receive_rate: string };
  currentRate: { send_rate: string; receive_rate: string };
  toleranceFraction?: string;
}): boolean {
  const clientSend = positive(options.clientRate.send_rate);
  const clientReceive = positive(options.clientRate.receive_rate);
  if (clientSend === null || clientReceive === null) return false;
  const currentSend = toDecimal(options.currentRate.send_rate);
  const currentReceive = toDecimal(options.currentRate.receive_rate);
  const tolerance = toDecimal(options.toleranceFraction ?? DEFAULT_RATE_TOLERANCE);
  const difference = clientReceive.times(currentSend).minus(currentReceive.times(clientSend));
  return difference.abs().lte(tolerance.times(currentReceive).times(clientSend));
}

function positive(text: string): Decimal | null {
  const value = typeof text === "string" ? parseDecimal(text) : null;
  return value?.gt(0) ? value : null;
}
