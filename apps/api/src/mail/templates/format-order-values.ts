import type { Locale } from "@obmen/contracts";
import type { OrderFieldType } from "@obmen/db";
import { looksLikeCardNumber, maskCardNumber } from "@obmen/domain";
import type { OrderMailCurrency } from "../order-mail.types.ts";

/** "Sberbank RUB", but just "Bitcoin BTC" or "USDT" when the name already says the code. */
export function currencyTitle(currency: OrderMailCurrency): string {
  return currency.name.toUpperCase().includes(currency.code.toUpperCase())
    ? currency.name
    : `${currency.name} ${currency.code}`;
}

/** "21 ноября 2026 г. в 10:44 UTC": month in words and the zone named, so no one misreads it. */
export function formatMailDateTime(date: Date, intlLocale: string, timeZone: string): string {
  const key = `${intlLocale} ${timeZone}`;
  let cached = dateTimeFormats.get(key);
  if (!cached) {
    const format = new Intl.DateTimeFormat(intlLocale, {
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    });
    cached = { format, byMinute: new Map() };
    dateTimeFormats.set(key, cached);
  }
  // The text shows minutes, and zones are whole minutes apart from UTC: every mail written in
  // a minute shows the same two times (created, rate locked until), so each is formatted once.
  const minute = Math.floor(date.getTime() / 60_000);
  let text = cached.byMinute.get(minute);
  if (text === undefined) {
    text = cached.format.format(date);
    if (cached.byMinute.size >= 8) cached.byMinute.delete(cached.byMinute.keys().next().value!);
    cached.byMinute.set(minute, text);
  }
  return text;
}

/**
 * Building a DateTimeFormat costs more than the rest of an order mail, and formatting with one
 * is the next most costly step: one per locale and zone, with its last few minutes' texts.
 */
const dateTimeFormats = new Map<
  string,
  { format: Intl.DateTimeFormat; byMinute: Map<number, string> }
>();

/** The order page in the order's language: ru has no prefix (spec §1). */
export function orderPageUrl(appUrl: string, locale: Locale, orderId: string): string {
  const base = appUrl.replace(/\/+$/, "");
  const prefix = locale === "ru" ? "" : `/${locale}`;
  return `${base}${prefix}/order/${encodeURIComponent(orderId)}`;
}

/**
 * A customer's value, made safe to show: on one line (a typed newline cannot forge another line
 * of the letter) and with card numbers masked. Phones and addresses are never cards.
 */
export function displayFieldValue(value: string, type: OrderFieldType | undefined): string {
  const line = singleLine(value);
  if (type === "card_number") return maskCardNumber(line);
  if (type !== "phone" && type !== "crypto_address" && looksLikeCardNumber(line)) {
    return maskCardNumber(line);
  }
  return line;
}

// Control characters are exactly what this strips.
// biome-ignore lint/suspicious/noControlCharactersInRegex: see above
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

export function singleLine(value: string): string {
  return value.replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim();
}
