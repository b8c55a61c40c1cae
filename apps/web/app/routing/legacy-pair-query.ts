import { localeFromPathname, localizePath, stripLocalePrefix } from "../i18n/locale.ts";

/**
 * What a currency's URL code (`url_xml`, e.g. `USDTTRC20`) can look like. Anything else cannot
 * name a currency, and must not be pasted into a path (`..`, `/`, `%2F`).
 */
const CURRENCY_CODE = /^[A-Za-z0-9_-]{1,64}$/;

const FROM = "cur_from";
const TO = "cur_to";

/**
 * Spec §2: an old-style link `?cur_from=X&cur_to=Y` on any page moves to the exchange path
 * `/exchange/X/Y` in the same language, keeping every other query parameter. The exchange
 * route then fixes the codes' spelling. Cases the spec leaves open (docs/decisions):
 * - only `cur_from` → `/{cur_from}`, the shortcut that opens the exchange page for that
 *   currency;
 * - only `cur_to`, or a value that cannot be a currency code → the same page without the two
 *   parameters (there is no route for "receive X from anything", and junk is dropped rather
 *   than turned into a 404 of a page that exists).
 * Returns the target (path and query), or null when the URL has neither parameter.
 */
export function legacyPairTarget(url: URL): string | null {
  const { searchParams } = url;
  if (!searchParams.has(FROM) && !searchParams.has(TO)) return null;
  const from = currencyCode(searchParams.get(FROM));
  const to = currencyCode(searchParams.get(TO));
  const rest = new URLSearchParams(searchParams);
  rest.delete(FROM);
  rest.delete(TO);
  const query = rest.size > 0 ? `?${rest}` : "";
  const locale = localeFromPathname(url.pathname);
  if (from && to) return `${localizePath(locale, `/exchange/${from}/${to}`)}${query}`;
  if (from) return `${localizePath(locale, `/${from}`)}${query}`;
  return `${localizePath(locale, stripLocalePrefix(url.pathname))}${query}`;
}

function currencyCode(value: string | null): string | null {
  return value !== null && CURRENCY_CODE.test(value) ? value : null;
}
