import type { Locale } from "../i18n/locale.ts";

const formats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A publication date for reading: `5 мая 2026 г.`, `May 5, 2026`, `5 травня 2026 р.`.
 * Formatted on the server in UTC, so the HTML and the hydrating render agree; a date needs
 * no time zone of its own (a news item's day is the newsroom's, not the reader's).
 */
export function formatContentDate(iso: string, locale: Locale): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
    formats.set(locale, format);
  }
  return format.format(new Date(iso));
}
