import { useTranslation } from "./i18n-context.tsx";
import { type Locale, localizePath } from "./locale.ts";

export function useLocale(): Locale {
  return useTranslation().locale;
}

/** Builds links that stay in the visitor's language: `href("/about")` → `/en/about` in English. */
export function useLocalizedHref(): (path: string) => string {
  const locale = useLocale();
  return (path) => localizePath(locale, path);
}
