import { index, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./i18n/locale.ts";

/** Pages whose body is a content page of the same slug (about, rules, …), spec §2. */
const CONTENT_PAGES = ["about", "rules", "agreement", "partner", "contact"] as const;

/**
 * Every page exists three times (spec §2): Russian without a prefix, `/en/...`, `/uk/...`.
 * Rather than one `:lang?` segment validated at run time, each locale gets its own subtree
 * with a static prefix: static segments outrank dynamic ones, so `/:from/:to?` cannot swallow
 * `/en/...` or `/about`, and an unknown first segment falls through to the shortcut route,
 * which answers 404 for what is not a currency. Route ids carry the locale (`en/home`)
 * because ids must be unique. See docs/decisions/003-web-tier.md.
 */
function localeTree(locale: Locale): RouteConfigEntry {
  const id = (name: string) => `${locale}/${name}`;
  const prefix = locale === DEFAULT_LOCALE ? undefined : locale;
  return route(prefix, "routes/site-layout.tsx", { id: id("site-layout") }, [
    index("routes/home.tsx", { id: id("home") }),
    route("exchange/:from/:to/:suffix?", "routes/exchange.tsx", { id: id("exchange") }),
    route("order", "routes/order-lookup.tsx", { id: id("order-lookup") }),
    route("order/:id", "routes/order.tsx", { id: id("order") }),
    ...CONTENT_PAGES.map((slug) =>
      route(slug, "routes/content-page.tsx", { id: id(`page-${slug}`) }),
    ),
    route("faq", "routes/faq.tsx", { id: id("faq") }),
    route("reserve", "routes/reserve.tsx", { id: id("reserve") }),
    route("sitemap", "routes/sitemap-page.tsx", { id: id("sitemap") }),
    route("forgot", "routes/forgot.tsx", { id: id("forgot") }),
    route("news", "routes/news-list.tsx", { id: id("news") }),
    route("news/:slug", "routes/news-article.tsx", { id: id("news-article") }),
    route("blog", "routes/blog-list.tsx", { id: id("blog") }),
    route("blog/:slug", "routes/blog-post.tsx", { id: id("blog-post") }),
    route("restore/:token", "routes/token-link.tsx", { id: id("restore") }),
    route("confirm/:token", "routes/token-link.tsx", { id: id("confirm") }),
    route("confirm-login/:token", "routes/token-link.tsx", { id: id("confirm-login") }),
    // `/{from?}/{to?}` (spec §2) and the `/exchange{suffix}` sitemap variant: anything that is
    // not a currency or a sitemap link answers 404 from there.
    route(":from/:to?", "routes/pair-shortcut.tsx", { id: id("pair-shortcut") }),
    route("*", "routes/not-found.tsx", { id: id("not-found") }),
  ]);
}

export default [
  route("sitemap.xml", "routes/sitemap-xml.ts", { id: "sitemap-xml" }),
  route("robots.txt", "routes/robots-txt.ts", { id: "robots-txt" }),
  ...LOCALES.map(localeTree),
] satisfies RouteConfig;
