import { type Decimal, formatPlain, roundDown, toDecimal } from "@obmen/domain";

/** A completed order's amounts and rates, as the order row keeps them (decimal strings). */
export interface RewardedOrder {
  sendAmount: string;
  receiveAmount: string;
  comissionAmount: string;
  sendRateReal: string;
  receiveRateReal: string;
}

/**
 * The partner's reward for one completed order, in the programme currency, rounded down to its
 * places (docs/decisions/029-affiliate-ledger.md):
 *
 *   profit  = send × receive_rate_real / send_rate_real − receive_amount − comission_amount
 *   reward  = floor_places(profit × toProgramme × share)
 *
 * The profit is in the receive currency: what the customer's money is worth at the market
 * (real) rate, less what the exchange paid out and the payout's fee (a network fee passed on,
 * DESIGN.md "Domain rules"). `toProgramme` is the programme-currency value of one unit of the
 * receive currency, from the catalogue's real rates. Exact decimals throughout; a loss or a
 * reward below one unit of the last place is "0", and earns nothing.
 */
export function rewardAmount(options: {
  order: RewardedOrder;
  toProgramme: Decimal | string;
  share: Decimal | string;
  decimals: number;
}): string {
  const profit = orderProfit(options.order);
  if (profit.lte(0)) return "0";
  const reward = roundDown(
    profit.times(toDecimal(options.toProgramme)).times(toDecimal(options.share)),
    options.decimals,
  );
  return formatPlain(reward);
}

/**
 * The exchange's profit on a completed order, in the receive currency (signed: a loss is
 * negative): send × receive_rate_real / send_rate_real − receive_amount − comission_amount.
 * Linear in the amounts, so for orders made at the same real rate it may be given their sums
 * (the console's dashboard does, grouping by direction and real rate).
 */
export function orderProfit(
  order: Pick<
    RewardedOrder,
    "sendAmount" | "receiveAmount" | "comissionAmount" | "sendRateReal" | "receiveRateReal"
  >,
): Decimal {
  const worth = toDecimal(order.sendAmount)
    .times(toDecimal(order.receiveRateReal))
    .div(toDecimal(order.sendRateReal));
  return worth.minus(toDecimal(order.receiveAmount)).minus(toDecimal(order.comissionAmount));
}

/**
 * The value of one unit of currency A in currency B, from a pair's real rate: a pair A→B with
 * real rates (s, r) trades s of A for r of B, so 1 A = r / s B; the pair B→A gives the inverse.
 */
export function unitValue(options: {
  sendRateReal: string;
  receiveRateReal: string;
  /** `forward`: the pair sends A and receives B; `inverse`: it sends B and receives A. */
  direction: "forward" | "inverse";
}): Decimal {
  const send = toDecimal(options.sendRateReal);
  const receive = toDecimal(options.receiveRateReal);
  return options.direction === "forward" ? receive.div(send) : send.div(receive);
}
