import {
  index,
  layout,
  type RouteConfig,
  type RouteConfigEntry,
  route,
} from "@react-router/dev/routes";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./i18n/locale.ts";
import { ACCOUNT_LAYOUT_FILE } from "./routing/account-page-paths.ts";
import { PAGE_PATHS, type PagePath, ROOT_FILE_PATHS } from "./routing/page-paths.ts";

/**
 * Every page exists three times (spec §2): Russian without a prefix, `/en/...`, `/uk/...`.
 * Rather than one `:lang?` segment validated at run time, each locale gets its own subtree
 * with a static prefix: static segments outrank dynamic ones, so `/:from/:to?` cannot swallow
 * `/en/...` or `/about`, and an unknown first segment falls through to the shortcut route,
 * which answers 404 for what is not a currency. Route ids carry the locale (`en/home`)
 * because ids must be unique. The pages themselves are listed in routing/page-paths.ts.
 * See docs/decisions/003-web-tier.md and 021-path-letter-case.md.
 */
function localeTree(locale: Locale): RouteConfigEntry {
  const id = (name: string) => `${locale}/${name}`;
  const prefix = locale === DEFAULT_LOCALE ? undefined : locale;
  const page = (entry: PagePath) =>
    entry.path === null
      ? index(entry.file, { id: id(entry.name) })
      : route(entry.path, entry.file, { id: id(entry.name) });
  // The account pages sit in their own pathless layout, where the first of them stands.
  const accountPages = PAGE_PATHS.filter((entry) => entry.layout === "account");
  const children: RouteConfigEntry[] = [];
  for (const entry of PAGE_PATHS) {
    if (entry.layout !== "account") children.push(page(entry));
    else if (entry === accountPages[0]) {
      children.push(
        layout(ACCOUNT_LAYOUT_FILE, { id: id("account-layout") }, accountPages.map(page)),
      );
    }
  }
  return route(prefix, "routes/site-layout.tsx", { id: id("site-layout") }, children);
}

export default [
  ...ROOT_FILE_PATHS.map((file) => route(file.path, file.file, { id: file.name })),
  ...LOCALES.map(localeTree),
] satisfies RouteConfig;
