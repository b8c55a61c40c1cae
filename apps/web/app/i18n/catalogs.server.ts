import type { WebTranslate } from "@obmen/i18n";
import { translatorFor, webCatalog } from "@obmen/i18n/catalogs";
import type { Locale } from "./locale.ts";

/**
 * Each language's site catalog (the letters' and the API's sections left out, decision 016)
 * pre-encoded once: the root loader sends the active one as a string, which React Router passes
 * through as-is instead of walking ~300 keys on every request (docs/performance.md). Only this
 * `.server.ts` file imports the catalogs, so they never enter the browser bundle.
 */
export const catalogJson: Record<Locale, string> = {
  ru: JSON.stringify(webCatalog("ru")),
  en: JSON.stringify(webCatalog("en")),
  uk: JSON.stringify(webCatalog("uk")),
};

/**
 * The same for an anonymous visitor: without the account area's texts (its pages, menu and
 * saved-data pickers, which only a signed-in user sees), keeping the sign-in forms' words
 * (`Account.Auth`). About a fifth of the catalog that every first visit would otherwise
 * download with the page (docs/decisions/027-web-accounts.md).
 */
export const anonymousCatalogJson: Record<Locale, string> = {
  ru: JSON.stringify(withoutAccountArea(webCatalog("ru"))),
  en: JSON.stringify(withoutAccountArea(webCatalog("en"))),
  uk: JSON.stringify(withoutAccountArea(webCatalog("uk"))),
};

function withoutAccountArea<C extends { Account: { Auth: unknown } }>(catalog: C): C {
  return { ...catalog, Account: { Auth: catalog.Account.Auth } };
}

/** A translation function for loaders and actions (e.g. error messages they return). */
export function getServerT(locale: Locale): WebTranslate {
  return translatorFor(locale);
}
