import en from "../locales/en.json" with { type: "json" };
import ru from "../locales/ru.json" with { type: "json" };
import uk from "../locales/uk.json" with { type: "json" };
import { type Messages, SERVER_SECTIONS, type WebMessages } from "./messages.ts";
import { createTranslator, type Translate } from "./translator.ts";

/**
 * Every language's catalog: server side only, since together they are ~70 KB the browser
 * never needs. The `.server` in this file's name makes React Router's build refuse any browser
 * code that imports it. Typing each as `Messages` makes a key missing from ru or uk a compile
 * error.
 */
export const catalogs: { ru: Messages; en: Messages; uk: Messages } = { ru, en, uk };
export type CatalogLocale = keyof typeof catalogs;

const translators = new Map<CatalogLocale, Translate>();

/** The whole catalog's translator for one language, made once (API errors, letters, loaders). */
export function translatorFor(locale: CatalogLocale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator(locale, catalogs[locale]);
    translators.set(locale, t);
  }
  return t;
}

/** What the site renders in one language: the catalog without the server's sections. */
export function webCatalog(locale: CatalogLocale): WebMessages {
  const sections: Record<string, unknown> = { ...catalogs[locale] };
  for (const section of SERVER_SECTIONS) delete sections[section];
  return sections as WebMessages;
}
