import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "@obmen/contracts";

export { DEFAULT_LOCALE, isLocale, LOCALES, type Locale };

/** Spec §9: the visitor's choice of language is remembered for a year on the whole site. */
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Russian is the default and has no URL prefix; `/en/...` and `/uk/...` carry theirs (spec §1). */
export function localeFromPathname(pathname: string): Locale {
  const first = pathname.split("/")[1]?.toLowerCase();
  return first !== DEFAULT_LOCALE && isLocale(first) ? first : DEFAULT_LOCALE;
}

/** The path without its locale prefix: `/en/about` → `/about`, `/en` → `/`. */
export function stripLocalePrefix(pathname: string): string {
  const [, first = "", ...rest] = pathname.split("/");
  if (!isLocale(first.toLowerCase())) return pathname;
  // Collapse leading slashes: `/ru//evil.example` must not become a protocol-relative URL.
  return `/${rest.join("/").replace(/^\/+/, "")}`;
}

/** A site path in the given locale: `localizePath("en", "/about")` → `/en/about`. */
export function localizePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/**
 * Where a prefix that is not canonical should go (spec §2 redirect rules): an upper-case
 * prefix (`/EN/x`) to lower case, and the default locale's prefix (`/ru/x`) to no prefix.
 * Returns null when the path is already canonical.
 */
export function canonicalLocalePath(pathname: string): string | null {
  const first = pathname.split("/")[1] ?? "";
  const lower = first.toLowerCase();
  if (!isLocale(lower)) return null;
  if (lower === DEFAULT_LOCALE) return stripLocalePrefix(pathname);
  return first === lower ? null : `/${lower}${pathname.slice(first.length + 1)}`;
}
