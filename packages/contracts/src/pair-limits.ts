import { type ResolvedLimits, resolveLimits } from "@obmen/domain";
import type { CurrencyPairEntry } from "./catalogue.ts";

/**
 * Effective limits of a pair as the API lists it (spec §5 fallback chain, capped by the
 * available reserve): one reading shared by the calculator, order creation and the rates
 * export, so what the page offers, what the API accepts and what monitors see agree.
 * The pair's own send limits travel on its send currency, its receive limits on the receive
 * currency (apps/api/src/catalogue/load-currency-pairs.ts).
 */
export function pairLimits(
  pair: CurrencyPairEntry,
  availableReserve: string = pair.currency_pair.receive_currency.currency_in_services.reserve
    .reserve,
): ResolvedLimits {
  const send = pair.currency_pair.send_currency.currency_in_services;
  const receive = pair.currency_pair.receive_currency.currency_in_services;
  return resolveLimits({
    rate: pair.rate,
    pairLimits: {
      min_send_sum: send.min_send_sum,
      max_send_sum: send.max_send_sum,
      min_receive_sum: receive.min_receive_sum,
      max_receive_sum: receive.max_receive_sum,
    },
    sendLimit: send.send_limit,
    availableReserve,
    sendDecimals: send.decimal,
    receiveDecimals: receive.decimal,
  });
}
