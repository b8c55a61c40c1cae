import { index, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./i18n/locale.ts";

/**
 * Every page exists three times (spec §2): Russian without a prefix, `/en/...`, `/uk/...`.
 * Rather than one `:lang?` segment validated at run time, each locale gets its own subtree
 * with a static prefix: static segments outrank dynamic ones, so the future `/:from/:to`
 * exchange routes cannot swallow `/en/...`, and an unknown first segment simply falls through
 * to the 404 route. Route ids carry the locale (`en/home`) because ids must be unique.
 * See docs/decisions/003-web-tier.md.
 */
function localeTree(locale: Locale): RouteConfigEntry {
  const id = (name: string) => `${locale}/${name}`;
  const prefix = locale === DEFAULT_LOCALE ? undefined : locale;
  return route(prefix, "routes/site-layout.tsx", { id: id("site-layout") }, [
    index("routes/home.tsx", { id: id("home") }),
    route("exchange/:from/:to", "routes/exchange.tsx", { id: id("exchange") }),
    route("order", "routes/order-lookup.tsx", { id: id("order-lookup") }),
    route("order/:id", "routes/order.tsx", { id: id("order") }),
    // Add pages here once; they appear in all three locales.
    route("*", "routes/not-found.tsx", { id: id("not-found") }),
  ]);
}

export default LOCALES.map(localeTree) satisfies RouteConfig;
