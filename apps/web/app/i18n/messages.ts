import type en from "@obmen/i18n/locales/en.json";

/**
 * The catalog's shape, taken from the English catalog. Every locale's catalog must have all of
 * its keys (checked where the catalogs are assembled); Russian and Ukrainian add the `_few` and
 * `_many` plural forms English lacks.
 */
export type Messages = typeof en;

type PluralSuffix = "_zero" | "_one" | "_two" | "_few" | "_many" | "_other";
type WithoutPlural<K extends string> = K extends `${infer Base}${PluralSuffix}` ? Base : K;

/** Every translatable key as a dotted path (`Home.Title`), plural keys without their suffix. */
type KeysOf<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${WithoutPlural<K>}`
    : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = KeysOf<Messages>;
