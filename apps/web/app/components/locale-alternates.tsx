import {
  DEFAULT_LOCALE,
  LOCALES,
  localeFromPathname,
  localizePath,
  stripLocalePrefix,
} from "../i18n/locale.ts";
import { canonicalSearch } from "../seo/canonical-search.ts";

/**
 * Canonical URL and hreflang alternates for the current page (DESIGN.md front-end rules), on
 * the configured origin (APP_URL). Only a query that names another page (`?page=2`) is kept;
 * tracking and modal parameters are not part of a page's address. x-default is Russian.
 */
export function LocaleAlternates({
  origin,
  pathname,
  search,
}: {
  origin: string;
  pathname: string;
  search: string;
}) {
  const path = stripLocalePrefix(pathname);
  const current = localeFromPathname(pathname);
  const query = canonicalSearch(search);
  const href = (locale: (typeof LOCALES)[number]) =>
    `${origin}${localizePath(locale, path)}${query}`;
  return (
    <>
      <link rel="canonical" href={href(current)} />
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={locale} href={href(locale)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href(DEFAULT_LOCALE)} />
    </>
  );
}
