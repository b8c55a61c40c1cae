import {
  DEFAULT_LOCALE,
  LOCALES,
  localeFromPathname,
  localizePath,
  stripLocalePrefix,
} from "../i18n/locale.ts";

/** Canonical URL and hreflang alternates for the current page (DESIGN.md front-end rules). */
export function LocaleAlternates({ origin, pathname }: { origin: string; pathname: string }) {
  const path = stripLocalePrefix(pathname);
  const current = localeFromPathname(pathname);
  return (
    <>
      <link rel="canonical" href={origin + localizePath(current, path)} />
      {LOCALES.map((locale) => (
        <link
          key={locale}
          rel="alternate"
          hrefLang={locale}
          href={origin + localizePath(locale, path)}
        />
      ))}
      <link
        rel="alternate"
        hrefLang="x-default"
        href={origin + localizePath(DEFAULT_LOCALE, path)}
      />
    </>
  );
}
