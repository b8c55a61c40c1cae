import type en from "./locales/en.json";

/**
 * The catalog's shape, taken from the English catalog. Every locale's catalog must have all of
 * its keys (checked where the catalogs are assembled); Russian and Ukrainian add the `_few` and
 * `_many` plural forms English lacks.
 */
export type Messages = typeof en;

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Messages };
  }
}
