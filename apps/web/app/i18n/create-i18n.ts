import { createInstance, type i18n } from "i18next";
import type { Locale } from "./locale.ts";
import type { Messages } from "./messages.ts";

/**
 * A fresh i18next instance fixed to one locale. Never the global instance and never
 * `changeLanguage`: on the server concurrent requests in different languages would otherwise
 * see each other's language. The catalog is passed in (no backend), so init is synchronous and
 * the first render, on the server and at hydration, is already translated.
 */
export function createI18n(locale: Locale, messages: Messages | undefined): i18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: messages ? { [locale]: { translation: messages } } : {},
    initAsync: false,
    // React escapes on render; escaping here too would show `&amp;` to the visitor.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}
