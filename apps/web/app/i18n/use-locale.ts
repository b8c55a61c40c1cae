import { useTranslation } from "react-i18next";
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "./locale.ts";

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Builds links that stay in the visitor's language: `href("/about")` → `/en/about` in English. */
export function useLocalizedHref(): (path: string) => string {
  const locale = useLocale();
  return (path) => localizePath(locale, path);
}
