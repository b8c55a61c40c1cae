import { type Currency, type CurrencyPairEntry, pairLimits } from "@obmen/contracts";
import { formatPlain, toDecimal } from "@obmen/domain";

/**
 * The only BestChange label we set. "manual": an operator handles the direction, which monitors
 * show and which their rules require us to declare (docs/decisions/004-rates-export.md).
 */
export type RateParam = "manual";

/** One exchange direction as rate monitors read it (BestChange export format). */
export interface RateItem {
  /** `url_xml` of the currency the customer sends, e.g. `BTC`. */
  from: string;
  /** `url_xml` of the currency the customer receives, e.g. `SBERRUB`. */
  to: string;
  /** `in` units of `from` buy `out` units of `to`: the pair's send_rate and receive_rate. */
  in: string;
  out: string;
  /** Available reserve of `to` (declared minus held), rounded down: the most one can receive. */
  amount: string;
  /** Effective send limits in `from` (pair → currency send_limit → 1/999999, reserve cap). */
  minamount: string;
  maxamount: string;
  /** The fixed payout fee in `to` (`comission_amount`); null when the payout is free. */
  tofee: string | null;
  param: RateParam | null;
  /** Currency codes that BestChange writes after amounts: `0.001 BTC`, `1 USDT`. */
  fromCode: string;
  toCode: string;
}

/**
 * Turns the active pair list (already filtered to active pairs of active currencies, with
 * available reserves) into export items. A direction that cannot take any order right now
 * (its reserve is below its minimum) is left out: BestChange's rules ask exchangers to stop
 * sending a direction they cannot honour, and a customer sent to it would be refused.
 */
export function buildRateItems(entries: readonly CurrencyPairEntry[]): RateItem[] {
  const items: RateItem[] = [];
  for (const entry of entries) {
    const item = toRateItem(entry);
    if (item) items.push(item);
  }
  return items;
}

function toRateItem(entry: CurrencyPairEntry): RateItem | null {
  const { send_currency: send, receive_currency: receive } = entry.currency_pair;
  const availableReserve = receive.currency_in_services.reserve.reserve;
  const limits = pairLimits(entry, availableReserve);
  if (!limits.isAvailable) return null;

  const fee = toDecimal(entry.rate.comission_amount);
  return {
    from: send.url_xml,
    to: receive.url_xml,
    in: plain(entry.rate.send_rate),
    out: plain(entry.rate.receive_rate),
    amount: plain(availableReserve),
    minamount: plain(limits.minSend),
    maxamount: plain(limits.maxSend),
    tofee: fee.gt(0) ? formatPlain(fee) : null,
    param: isManualDirection(send, receive) ? "manual" : null,
    fromCode: send.currency_code.name,
    toCode: receive.currency_code.name,
  };
}

/**
 * Bank and e-wallet transfers have no payment API here: an operator matches the incoming
 * transfer against the bank statement or sends the payout by hand. Directions between two
 * cryptocurrencies are confirmed by the blockchain (decision 004 says what that assumes).
 */
function isManualDirection(send: Pick<Currency, "kind">, receive: Pick<Currency, "kind">): boolean {
  return send.kind !== "crypto" || receive.kind !== "crypto";
}

/** Decimal point, no exponent, no trailing zeros (`0.00100000` → `0.001`). */
function plain(value: string): string {
  return formatPlain(toDecimal(value));
}
