import { Link, useLocation } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALES,
  type Locale,
  localizePath,
  stripLocalePrefix,
} from "../i18n/locale.ts";
import { useLocale } from "../i18n/use-locale.ts";

const SHORT_NAMES: Record<Locale, string> = { ru: "Рус", en: "Eng", uk: "Укр" };

/**
 * Remembers the choice for a year on the whole site (spec §9). The one cookie written in the
 * browser, so written by hand: the `cookie` package the server uses would add about 0.7 KB
 * gzip to every page, and the home page's JavaScript is within 1 KB of its 120 KB budget
 * (docs/decisions/015-audited-crypto-and-cookies.md). Name and value are fixed ASCII words,
 * so there is nothing to encode.
 */
function rememberLocale(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; the Cookie Store API is not in every browser we serve.
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

/**
 * Plain links to the same page in another language: they work without JavaScript and are
 * what crawlers follow. With JavaScript the click also stores the locale cookie.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useLocale();
  const { pathname, search, hash } = useLocation();
  const path = stripLocalePrefix(pathname);
  return (
    <nav className="lang" aria-label={t("Header.LanguageLabel")}>
      <ul className="lang__list">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <Link
              to={`${localizePath(locale, path)}${search}${hash}`}
              className="lang__link"
              hrefLang={locale}
              lang={locale}
              title={t(`Language.${locale}`)}
              aria-current={locale === current ? "true" : undefined}
              onClick={() => rememberLocale(locale)}
            >
              {SHORT_NAMES[locale]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
