import { formatAmount, formatAmountNumber } from "@obmen/domain";
import type { Locale } from "../i18n/locale.ts";

/**
 * An amount whose currency's places this page does not know (the affiliate programme's
 * balances: the API writes them with their own places), grouped for reading: `1 500,25`.
 * Where the currency is known, `currencyAmount` writes it as every other page does.
 */
export function readableAmount(amount: string, locale: Locale): string {
  const decimals = amount.split(".")[1]?.length ?? 0;
  return formatAmountNumber({ amount, decimals, locale });
}

/**
 * `77 105,80 RUB`: an amount of a catalogue currency, with that currency's places
 * (decision 022), as on the order page. `known` is the catalogue's entry for it; a currency
 * that has left the catalogue is written with the places its amount carries.
 */
export function currencyAmount(
  amount: string,
  code: string,
  known: { code: string; decimals: number } | undefined,
  locale: Locale,
): string {
  const decimals = known?.decimals ?? amount.split(".")[1]?.length ?? 0;
  return formatAmount({ amount, currency: { code, decimals }, locale });
}
