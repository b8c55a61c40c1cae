import type { Currency, CurrencyPairEntry } from "@obmen/contracts";
import type { Locale } from "../i18n/locale.ts";

/**
 * Spec §4 "direction flag": `send_rate == 1` means one unit of the send currency is quoted
 * in the receive currency; otherwise the send side carries the number and one unit of the
 * receive currency is the reference.
 */
export function formatRate(entry: CurrencyPairEntry, locale: Locale): string {
  const { send_currency: send, receive_currency: receive } = entry.currency_pair;
  const { send_rate, receive_rate } = entry.rate;
  if (isOne(send_rate)) {
    return `1 ${ticker(send)} = ${formatRateNumber(receive_rate, receive, locale)}`;
  }
  return `${formatRateNumber(send_rate, send, locale)} = 1 ${ticker(receive)}`;
}

/**
 * An amount on the currency's grid, rounded down (a reserve never looks bigger than it is).
 * Cents show as two digits (`767,20`, not `767,2`), whole amounts without them, as on the
 * exchange page (i18n/format-number.ts `formatMoney`).
 */
export function formatCatalogueAmount(value: string, currency: Currency, locale: Locale): string {
  const digits = currency.currency_in_services.decimal;
  const format = numberFormat(locale, digits, "trunc", Math.min(digits, 2));
  return `${format.format(value as Intl.StringNumericLiteral)} ${ticker(currency)}`;
}

function ticker(currency: Currency): string {
  return currency.currency_code.name;
}

function isOne(decimal: string): boolean {
  return /^1(\.0+)?$/.test(decimal);
}

// Rates need more precision than amounts (0.9985 USDT per USDC), but not the API's full scale.
function formatRateNumber(value: string, currency: Currency, locale: Locale): string {
  const digits = Math.min(Math.max(currency.currency_in_services.decimal, 4), 8);
  return `${formatDecimal(value, locale, digits, "halfExpand")} ${ticker(currency)}`;
}

/**
 * Formats a decimal string without passing through a float: Intl.NumberFormat formats a
 * numeric string exactly (ES2023), so `0.1 + 0.2` problems never reach the page.
 */
function formatDecimal(
  value: string,
  locale: Locale,
  maximumFractionDigits: number,
  roundingMode: Intl.NumberFormatOptions["roundingMode"],
): string {
  return numberFormat(locale, maximumFractionDigits, roundingMode).format(
    value as Intl.StringNumericLiteral,
  );
}

// Building an Intl.NumberFormat costs far more than formatting with one (it was 15 % of the
// home page's server CPU, docs/performance.md); there are only a few distinct option sets.
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(
  locale: Locale,
  maximumFractionDigits: number,
  roundingMode: Intl.NumberFormatOptions["roundingMode"],
  minimumFractionDigits = 0,
): Intl.NumberFormat {
  const key = `${locale}|${maximumFractionDigits}|${roundingMode}|${minimumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      maximumFractionDigits,
      minimumFractionDigits,
      roundingMode,
      // Only when there is a fraction: `18 500 000 RUB`, but `18 483 767,20 RUB`.
      trailingZeroDisplay: minimumFractionDigits > 0 ? "stripIfInteger" : "auto",
    });
    numberFormats.set(key, format);
  }
  return format;
}
