import type { Locale } from "./locale.ts";
import en from "@obmen/i18n/locales/en.json";
import ru from "@obmen/i18n/locales/ru.json";
import uk from "@obmen/i18n/locales/uk.json";
import type { Messages } from "./messages.ts";
import { createTranslator, type Translate } from "./translator.ts";

/**
 * All catalogs, server side only (`.server.ts` keeps them out of the browser bundle): the
 * browser receives just the active locale's catalog in the root loader's data. Typing each as
 * `Messages` makes a key missing from ru or uk a compile error.
 */
export const catalogs: Record<Locale, Messages> = { ru, en, uk };

/**
 * Each catalog pre-encoded once: the root loader sends it as a string, which React Router
 * passes through as-is instead of walking ~300 keys on every request (docs/performance.md).
 */
export const catalogJson: Record<Locale, string> = {
  ru: JSON.stringify(ru),
  en: JSON.stringify(en),
  uk: JSON.stringify(uk),
};

const serverT = new Map<Locale, Translate>();

/** A translation function for loaders and actions (e.g. error messages they return). */
export function getServerT(locale: Locale): Translate {
  let t = serverT.get(locale);
  if (!t) {
    t = createTranslator(locale, catalogs[locale]);
    serverT.set(locale, t);
  }
  return t;
}
