import type { OrderFieldType } from "../fields/validate-order-field.ts";
import { quoteReceive } from "../pricing/quote-receive.ts";
import type { PairRateValues } from "../pricing/rate-math.ts";
import type { OrderStatus } from "./status.ts";

/**
 * The operator's "recalculate at the current rate" (issue 14 point 3, decision 035): money
 * arrived late (the locked rate ran out) or in another amount, so the order is priced again
 * at the pair's rate of the moment it was credited, and the customer accepts the new amount or
 * asks for the money back.
 *
 * Only where money has arrived and nothing was paid out yet: `paid` (the customer says so and
 * the operator saw it), `hold` and `error` (the operator is looking at it), and `expired` — a
 * late payment is exactly an expired order whose money came after all. That is the one way out
 * of a terminal status, and only through this action, which takes the reserve again.
 */
export const RECALCULABLE_STATUSES = [
  "paid",
  "hold",
  "error",
  "expired",
] as const satisfies readonly OrderStatus[];

export function canRecalculate(status: OrderStatus): boolean {
  return (RECALCULABLE_STATUSES as readonly OrderStatus[]).includes(status);
}

/**
 * The order waits for the customer's answer in `hold` ("additional check"), with an open
 * recalculation beside it: a sub-state, not a new status, so partners' `exchange_status`, the
 * desk's groups and every status text stay as they are (decision 035).
 */
export const AWAITING_ANSWER_STATUS = "hold" as const satisfies OrderStatus;

/** Where a recalculation stands: waiting, accepted, refund asked, or replaced by a newer one. */
export const RECALCULATION_STATES = [
  "proposed",
  "accepted",
  "refund_requested",
  "superseded",
] as const;
export type RecalculationState = (typeof RECALCULATION_STATES)[number];

export const RECALCULATION_ANSWERS = ["accept", "refund"] as const;
export type RecalculationAnswer = (typeof RECALCULATION_ANSWERS)[number];

/**
 * Accepting continues the order (the operator has seen the money, so the payout is next:
 * `processing`); asking for a refund leaves it in `hold` until the operator sends the money
 * back and marks it `refunded`.
 */
export function statusAfterAnswer(answer: RecalculationAnswer): OrderStatus {
  return answer === "accept" ? "processing" : AWAITING_ANSWER_STATUS;
}

/** A customer may answer only the open proposal of an order that still waits for it. */
export function canAnswerRecalculation(options: {
  status: OrderStatus;
  state: RecalculationState;
}): boolean {
  return options.status === AWAITING_ANSWER_STATUS && options.state === "proposed";
}

/**
 * A refund goes back the way the money came, in the send currency: to a wallet address on its
 * network for crypto, to a card for a bank, to an account number for an e-wallet. Checked by
 * the order fields' own rules (`validateOrderField`).
 */
export function refundFieldType(kind: "crypto" | "bank" | "ewallet"): OrderFieldType {
  if (kind === "crypto") return "crypto_address";
  if (kind === "bank") return "card_number";
  return "text";
}

/**
 * The new amounts: what arrived, priced at the pair's current rate with the order create's
 * quote (the same fee, rounding and places, never a second formula).
 */
export function recalculateAmounts(options: {
  rate: PairRateValues;
  receivedAmount: string;
  sendDecimals: number;
  receiveDecimals: number;
}): { sendAmount: string; receiveAmount: string; consumedByFee: boolean } {
  const quote = quoteReceive({
    rate: options.rate,
    sendAmount: options.receivedAmount,
    sendDecimals: options.sendDecimals,
    receiveDecimals: options.receiveDecimals,
  });
  return {
    sendAmount: quote.sendAmount,
    receiveAmount: quote.receiveAmount,
    consumedByFee: quote.consumedByFee,
  };
}
