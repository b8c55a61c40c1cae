import type { Currency, CurrencyPairEntry } from "@obmen/contracts";
import type { Locale } from "../i18n/locale.ts";

export interface CurrencyView {
  /** Pay system, e.g. `Bitcoin`, `Сбербанк`. */
  name: string;
  /** Currency code, e.g. `BTC`, `RUB`. */
  code: string;
  icon: string;
}

/** One exchange direction as the home page shows it; the text is formatted on the server. */
export interface PairRow {
  id: number;
  /** The pair's exchange page without a locale prefix: `/exchange/USDTTRC20/SBERRUB`. */
  path: string;
  send: CurrencyView;
  receive: CurrencyView;
  /** `1 BTC = 8 900 000 RUB`, or `N RUB = 1 BTC` when the send side is the large number. */
  rate: string;
  /** What the exchange can pay out in the receive currency. */
  reserve: string;
}

/**
 * Shapes the API's pair list for the page: only what the page shows travels to the browser
 * (the order field definitions and real rates stay on the server).
 */
export function toPairRows(entries: CurrencyPairEntry[], locale: Locale): PairRow[] {
  return entries.map((entry) => {
    const { send_currency: send, receive_currency: receive } = entry.currency_pair;
    return {
      id: entry.id,
      path: `/exchange/${encodeURIComponent(send.url_xml)}/${encodeURIComponent(receive.url_xml)}`,
      send: toCurrencyView(send),
      receive: toCurrencyView(receive),
      rate: formatRate(entry, locale),
      reserve: formatAmount(
        receive.currency_in_services.reserve.reserve,
        receive,
        locale,
        // Never show more than the exchange holds.
        "trunc",
      ),
    };
  });
}

/**
 * Spec §4 "direction flag": `send_rate == 1` means one unit of the send currency is quoted
 * in the receive currency; otherwise the send side carries the number and one unit of the
 * receive currency is the reference.
 */
export function formatRate(entry: CurrencyPairEntry, locale: Locale): string {
  const { send_currency: send, receive_currency: receive } = entry.currency_pair;
  const { send_rate, receive_rate } = entry.rate;
  if (isOne(send_rate)) {
    return `1 ${code(send)} = ${formatRateNumber(receive_rate, receive, locale)}`;
  }
  return `${formatRateNumber(send_rate, send, locale)} = 1 ${code(receive)}`;
}

function toCurrencyView(currency: Currency): CurrencyView {
  return { name: currency.pay_system.name, code: code(currency), icon: currency.pay_system.icon };
}

function code(currency: Currency): string {
  return currency.currency_code.name;
}

function isOne(decimal: string): boolean {
  return /^1(\.0+)?$/.test(decimal);
}

// Rates need more precision than amounts (0.9985 USDT per USDC), but not the API's full scale.
function formatRateNumber(value: string, currency: Currency, locale: Locale): string {
  const digits = Math.min(Math.max(currency.currency_in_services.decimal, 4), 8);
  return `${formatDecimal(value, locale, digits, "halfExpand")} ${code(currency)}`;
}

function formatAmount(
  value: string,
  currency: Currency,
  locale: Locale,
  roundingMode: Intl.NumberFormatOptions["roundingMode"],
): string {
  const digits = currency.currency_in_services.decimal;
  return `${formatDecimal(value, locale, digits, roundingMode)} ${code(currency)}`;
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
): Intl.NumberFormat {
  const key = `${locale}|${maximumFractionDigits}|${roundingMode}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits, roundingMode });
    numberFormats.set(key, format);
  }
  return format;
}
