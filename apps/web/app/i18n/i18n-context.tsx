import { createTranslator, type WebMessages, type WebTranslate } from "@obmen/i18n";
import { createContext, useContext, useMemo } from "react";
import { DEFAULT_LOCALE, type Locale } from "./locale.ts";

interface I18n {
  locale: Locale;
  t: WebTranslate;
}

const I18nContext = createContext<I18n>({
  locale: DEFAULT_LOCALE,
  t: createTranslator<WebMessages>(DEFAULT_LOCALE, undefined),
});

/** Provides one locale's translator to the tree; on the server that is one per request. */
export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: WebMessages | undefined;
  children: React.ReactNode;
}) {
  const value = useMemo(
    () => ({ locale, t: createTranslator(locale, messages) }),
    [locale, messages],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

// One entry per locale in practice; V8 caches a string's hash, so a lookup is cheap.
const parsedCatalogs = new Map<string, WebMessages>();

/** The catalog the root loader sent as a string (catalogs.server.ts), parsed once per string. */
export function parseCatalog(json: string | undefined): WebMessages | undefined {
  if (json === undefined) return undefined;
  let messages = parsedCatalogs.get(json);
  if (!messages) {
    if (parsedCatalogs.size >= 8) parsedCatalogs.clear();
    messages = JSON.parse(json) as WebMessages;
    parsedCatalogs.set(json, messages);
  }
  return messages;
}

/** The page's translator and locale. */
export function useTranslation(): I18n {
  return useContext(I18nContext);
}
