/** Interface languages (spec §1, §9): Russian is the default and has no URL prefix. */
export const LOCALES = ["ru", "en", "uk"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "ru";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
