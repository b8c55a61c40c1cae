import {
  index,
  layout,
  type RouteConfig,
  type RouteConfigEntry,
  route,
} from "@react-router/dev/routes";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./i18n/locale.ts";
import { LAYOUT_FILES, PAGE_PATHS, type PagePath, ROOT_FILE_PATHS } from "./routing/page-paths.ts";

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
  // Pages sharing a layout sit in that pathless layout route, where the first of them stands.
  const children: RouteConfigEntry[] = [];
  for (const entry of PAGE_PATHS) {
    const name = entry.layout;
    if (name === undefined) {
      children.push(page(entry));
      continue;
    }
    const shared = PAGE_PATHS.filter((other) => other.layout === name);
    if (entry === shared[0]) {
      children.push(layout(LAYOUT_FILES[name], { id: id(`${name}-layout`) }, shared.map(page)));
    }
  }
  return route(prefix, "routes/site-layout.tsx", { id: id("site-layout") }, children);
}

export default [
  ...ROOT_FILE_PATHS.map((file) => route(file.path, file.file, { id: file.name })),
  ...LOCALES.map(localeTree),
] satisfies RouteConfig;
