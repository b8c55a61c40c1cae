import { type CurrencyPairEntry, type OrderFieldDefinition, pairLimits } from "@obmen/contracts";
import { defaultSendAmount, type PairRateValues, type ResolvedLimits } from "@obmen/domain";

export interface CalculatorCurrency {
  /** Pay system, e.g. `Tether TRC20`, `Сбербанк`. */
  name: string;
  /** Currency code, e.g. `USDT`, `RUB`. */
  code: string;
  /** The URL slug (`USDTTRC20`); the create form echoes it so the API can spot a stale page. */
  urlXml: string;
  icon: string;
  decimals: number;
}

/**
 * One pair as the calculator needs it (spec §3 calculator form). Only this travels to the
 * browser: real rates and the other pairs stay on the server.
 */
export interface CalculatorPair {
  id: number;
  send: CalculatorCurrency;
  receive: CalculatorCurrency;
  rate: PairRateValues;
  /** What the exchange can pay out in the receive currency right now. */
  reserve: string;
  limits: ResolvedLimits;
  /** Spec §5: the pair's minimum, else 10; the exchange page puts a signed-in user's template amount here. */
  defaultSendAmount: string;
  fields: OrderFieldDefinition[];
}

/** The pair whose currencies' URL codes match, ignoring case (`usdttrc20` finds `USDTTRC20`). */
export function findPairByCodes(
  entries: CurrencyPairEntry[],
  from: string,
  to: string,
): CurrencyPairEntry | undefined {
  const sameCode = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
  return entries.find(
    ({ currency_pair: pair }) =>
      sameCode(pair.send_currency.url_xml, from) && sameCode(pair.receive_currency.url_xml, to),
  );
}

export function toCalculatorPair(entry: CurrencyPairEntry): CalculatorPair {
  const { send_currency: send, receive_currency: receive } = entry.currency_pair;
  const sendDecimals = send.currency_in_services.decimal;
  const reserve = receive.currency_in_services.reserve.reserve;
  const rate: PairRateValues = {
    send_rate: entry.rate.send_rate,
    receive_rate: entry.rate.receive_rate,
    comission_amount: entry.rate.comission_amount,
  };
  // The same limits the API enforces and the rates export publishes.
  const limits = pairLimits(entry, reserve);
  return {
    id: entry.id,
    send: toCalculatorCurrency(send),
    receive: toCalculatorCurrency(receive),
    rate,
    reserve,
    limits,
    defaultSendAmount: defaultSendAmount({ minSend: limits.minSend, sendDecimals }),
    fields: entry.fields,
  };
}

function toCalculatorCurrency(
  currency: CurrencyPairEntry["currency_pair"]["send_currency"],
): CalculatorCurrency {
  return {
    name: currency.pay_system.name,
    code: currency.currency_code.name,
    urlXml: currency.url_xml,
    icon: currency.pay_system.icon,
    decimals: currency.currency_in_services.decimal,
  };
}
