import type en from "../locales/en.json";

/**
 * The catalog's shape, taken from the English catalog. Every locale's catalog must have all of
 * its keys (catalogs.ts types each one as `Messages`; the catalog test checks plural forms and
 * placeholders); Russian and Ukrainian add the `_few` and `_many` plural forms English lacks.
 */
export type Messages = typeof en;

/**
 * Sections only the API tier reads (its error messages, payment instructions) and the letters
 * it sends. The web never sends them to the browser (`webCatalog`), and `WebMessages` leaves
 * them out so a page that used one would not compile: the browser would only show the key.
 * A new section goes to the browser unless it is named here.
 */
export const SERVER_SECTIONS = [
  "Errors",
  "Validation",
  "AccountErrors",
  "AdminErrors",
  "FieldNames",
  "Payment",
  "Mail",
  // Automatic rates' alerts and the console's field messages (issue 27); the site shows none.
  "RateAdmin",
  // The operator console's texts: its own bundle imports them (apps/admin), the site never.
  "Console",
  // The console's audit names, refund details and alert deliveries (issue 26), bundled likewise.
  "ConsoleOps",
] as const;
export type ServerSection = (typeof SERVER_SECTIONS)[number];

/** What the site renders: the catalog without the server's sections. */
export type WebMessages = Omit<Messages, ServerSection>;

type PluralSuffix = "_zero" | "_one" | "_two" | "_few" | "_many" | "_other";
type WithoutPlural<K extends string> = K extends `${infer Base}${PluralSuffix}` ? Base : K;

/** Every translatable key as a dotted path (`Home.Title`), plural keys without their suffix. */
type KeysOf<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${WithoutPlural<K>}`
    : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey<M = Messages> = KeysOf<M>;
export type WebMessageKey = MessageKey<WebMessages>;
