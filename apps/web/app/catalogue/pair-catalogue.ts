import type { Currency, CurrencyKind, CurrencyPairEntry } from "@obmen/contracts";
import { formatAmount, formatRate } from "@obmen/domain";
import type { Locale } from "../i18n/locale.ts";

/** One currency as the select view shows and searches it. */
export interface CatalogueCurrency {
  /** `url_xml`: the URL slug and the key (`BTC`, `USDTTRC20`, `SBERRUB`). */
  code: string;
  /** Pay system, e.g. `Bitcoin`, `Tether TRC20`, `Sberbank`. */
  name: string;
  /** Currency code, e.g. `BTC`, `USDT`, `RUB`. */
  ticker: string;
  /** Blockchain network for crypto (`TRC20`), null otherwise; searchable. */
  network: string | null;
  icon: string;
  kind: CurrencyKind;
  /** What the exchange can pay out in it, formatted: `18 500 000 RUB`. */
  reserve: string;
}

/** One active direction, by the currencies' codes, with its rate already formatted. */
export interface CataloguePair {
  send: string;
  receive: string;
  /** `1 BTC = 8 900 000 RUB`, or `N RUB = 1 BTC` (spec §4 direction flag). */
  rate: string;
}

/**
 * The pair list as every page gets it on start (spec §2): compact, formatted for one locale.
 * Order fields, limits and real rates stay on the server; the exchange page loads its pair.
 */
export interface PairCatalogue {
  /** Every currency of an active pair, once, in the API's display order. */
  currencies: CatalogueCurrency[];
  pairs: CataloguePair[];
}

export function toPairCatalogue(entries: CurrencyPairEntry[], locale: Locale): PairCatalogue {
  const currencies = new Map<string, CatalogueCurrency>();
  const add = (currency: Currency) => {
    if (!currencies.has(currency.url_xml)) {
      currencies.set(currency.url_xml, toCatalogueCurrency(currency, locale));
    }
  };
  const pairs = entries.map((entry) => {
    const { send_currency: send, receive_currency: receive } = entry.currency_pair;
    add(send);
    add(receive);
    const rate = formatRate({
      rate: entry.rate,
      sendCode: send.currency_code.name,
      receiveCode: receive.currency_code.name,
      locale,
    });
    return { send: send.url_xml, receive: receive.url_xml, rate };
  });
  return { currencies: [...currencies.values()], pairs };
}

function toCatalogueCurrency(currency: Currency, locale: Locale): CatalogueCurrency {
  return {
    code: currency.url_xml,
    name: currency.pay_system.name,
    ticker: currency.currency_code.name,
    network: currency.pay_system.network_code,
    icon: currency.pay_system.icon,
    kind: currency.kind,
    // Never show more than the exchange holds: rounded down.
    reserve: formatAmount({
      amount: currency.currency_in_services.reserve.reserve,
      currency: {
        code: currency.currency_code.name,
        decimals: currency.currency_in_services.decimal,
      },
      locale,
      roundDown: true,
    }),
  };
}
