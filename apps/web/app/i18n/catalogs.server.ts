import type { TFunction } from "i18next";
import { createI18n } from "./create-i18n.ts";
import type { Locale } from "./locale.ts";
import en from "./locales/en.json";
import ru from "./locales/ru.json";
import uk from "./locales/uk.json";
import type { Messages } from "./messages.ts";

/**
 * All catalogs, server side only (`.server.ts` keeps them out of the browser bundle): the
 * browser receives just the active locale's catalog in the root loader's data. Typing each as
 * `Messages` makes a key missing from ru or uk a compile error.
 */
export const catalogs: Record<Locale, Messages> = { ru, en, uk };

// One instance per locale, created once and never switched to another language, so sharing
// them across concurrent requests is safe.
const serverT = new Map<Locale, TFunction>();

/** A translation function for loaders and actions (e.g. error messages they return). */
export function getServerT(locale: Locale): TFunction {
  let t = serverT.get(locale);
  if (!t) {
    t = createI18n(locale, catalogs[locale]).t;
    serverT.set(locale, t);
  }
  return t;
}
