import type { Locale } from "@obmen/contracts";
import { countDecimals, formatAmount, toDecimal } from "@obmen/domain";

/**
 * `50,25 USDT`: an amount of the programme currency, written by the one formatter
 * (decision 022). The programme currency is a code (`AFFILIATE_CURRENCY`), not a catalogue
 * entry, so the amount keeps the places it carries.
 */
export function programmeAmount(amount: string, code: string, locale: Locale): string {
  const decimals = countDecimals(toDecimal(amount));
  return formatAmount({ amount, currency: { code, decimals }, locale });
}
