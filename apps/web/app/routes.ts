import { index, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./i18n/locale.ts";
import { PAGE_PATHS, ROOT_FILE_PATHS } from "./routing/page-paths.ts";

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
  return route(
    prefix,
    "routes/site-layout.tsx",
    { id: id("site-layout") },
    PAGE_PATHS.map((page) =>
      page.path === null
        ? index(page.file, { id: id(page.name) })
        : route(page.path, page.file, { id: id(page.name) }),
    ),
  );
}

export default [
  ...ROOT_FILE_PATHS.map((file) => route(file.path, file.file, { id: file.name })),
  ...LOCALES.map(localeTree),
] satisfies RouteConfig;
