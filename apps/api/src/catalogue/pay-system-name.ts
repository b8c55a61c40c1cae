import type { Locale } from "@obmen/contracts";
import type { paySystems } from "@obmen/db";

export type NamedPaySystem = Pick<
  typeof paySystems.$inferSelect,
  "name" | "nameRu" | "nameEn" | "nameUk"
>;

/**
 * A payment system's name in the reader's language ("Сбербанк" in Russian, "Sberbank" in
 * English), or its one name where the language has none of its own. Every answer that shows
 * a `pay_system.name` (pairs, reserves, an order, its letters) goes through here.
 */
export function paySystemName(paySystem: NamedPaySystem, lang: Locale): string {
  const own = { ru: paySystem.nameRu, en: paySystem.nameEn, uk: paySystem.nameUk }[lang];
  return own ?? paySystem.name;
}
