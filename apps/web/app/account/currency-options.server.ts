import type { Currency, CurrencyPairEntry } from "@obmen/contracts";
import type { RouterContextProvider } from "react-router";
import { loadPairEntries } from "../catalogue/load-pair-entries.server.ts";
import type { Locale } from "../i18n/locale.ts";

export interface CurrencyOption {
  id: number;
  /** `Сбербанк RUB`, `Tether TRC20 USDT`: what the calculator's lists show. */
  label: string;
}

/** How a currency's amounts are written (`formatAmount`): its code and places, by id. */
export type AmountCurrencies = Record<number, { code: string; decimals: number }>;

export interface DirectionOption {
  /** `12:7`: the send and receive currency ids, the select's value. */
  value: string;
  from: number;
  to: number;
  label: string;
}

/**
 * The currencies and directions an account form may choose from, taken from the active pairs
 * (the same list the calculator shows): a wallet is a payout detail, so its currency is one
 * the exchange pays out in; a template is a direction the exchange offers. A currency that
 * left the catalogue keeps its saved records, named by `names` when still known.
 */
export async function loadCurrencyOptions(
  context: Readonly<RouterContextProvider>,
  locale: Locale,
): Promise<{
  receive: CurrencyOption[];
  directions: DirectionOption[];
  amountCurrencies: AmountCurrencies;
}> {
  let entries: CurrencyPairEntry[];
  try {
    entries = await loadPairEntries(context, locale);
  } catch {
    // Spec §8: a failed currency list is not fatal; the form offers nothing to choose.
    return { receive: [], directions: [], amountCurrencies: {} };
  }
  const receive = new Map<number, CurrencyOption>();
  const directions: DirectionOption[] = [];
  const amountCurrencies: AmountCurrencies = {};
  for (const entry of entries) {
    const { send_currency: send, receive_currency: to } = entry.currency_pair;
    for (const currency of [send, to]) {
      amountCurrencies[currency.id] = {
        code: currency.currency_code.name,
        decimals: currency.currency_in_services.decimal,
      };
    }
    receive.set(to.id, { id: to.id, label: currencyLabel(to) });
    directions.push({
      value: `${send.id}:${to.id}`,
      from: send.id,
      to: to.id,
      label: `${currencyLabel(send)} → ${currencyLabel(to)}`,
    });
  }
  const byLabel = (a: { label: string }, b: { label: string }) =>
    a.label.localeCompare(b.label, locale);
  return {
    receive: [...receive.values()].sort(byLabel),
    directions: directions.sort(byLabel),
    amountCurrencies,
  };
}

export function currencyLabel(currency: Currency): string {
  const name = currency.pay_system.name;
  const code = currency.currency_code.name;
  return name.includes(code) ? name : `${name} ${code}`;
}
