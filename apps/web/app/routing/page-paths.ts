import { INFO_PAGE_SLUGS } from "../content/site-pages.ts";
import { ACCOUNT_LAYOUT_FILE, ACCOUNT_PAGE_PATHS } from "./account-page-paths.ts";

/** One page of the route table: its name, its path below the locale prefix, its module. */
export interface PagePath {
  /** Unique within a locale; the route id is `{locale}/{name}`. */
  name: string;
  /** A React Router path pattern; null for the index (home) page. */
  path: string | null;
  file: string;
  /**
   * The layout route it sits in below the site layout, if any (`LAYOUT_FILES`): the account
   * pages share the account layout (spec §2 "Two layouts exist: account and default"); home and
   * `/BTC` share the select view's lists. Paths stay full (`account/wallets`), so this list
   * remains flat for the path-case rule.
   */
  layout?: keyof typeof LAYOUT_FILES;
}

/**
 * The pathless layout routes pages may share, by name (the route id is `{locale}/{name}-layout`).
 * `select`: the select view's lists stay mounted while the visitor moves between home and `/BTC`
 * (routes/select-layout.tsx).
 */
export const LAYOUT_FILES = {
  account: ACCOUNT_LAYOUT_FILE,
  select: "routes/select-layout.tsx",
} as const;

/**
 * The pages every locale has (spec §2), in the order routes.ts mounts them. Declared as data
 * so that the path-case rule (path-case.ts) reads the same fixed segments the router matches:
 * a page added here is covered by it without anyone remembering to.
 */
export const PAGE_PATHS: readonly PagePath[] = [
  { name: "home", path: null, file: "routes/home.tsx", layout: "select" },
  { name: "exchange", path: "exchange/:from/:to/:suffix?", file: "routes/exchange.tsx" },
  { name: "order-lookup", path: "order", file: "routes/order-lookup.tsx" },
  { name: "order", path: "order/:id", file: "routes/order.tsx" },
  ...INFO_PAGE_SLUGS.map((slug) => ({
    name: `page-${slug}`,
    path: slug,
    file: "routes/content-page.tsx",
  })),
  { name: "faq", path: "faq", file: "routes/faq.tsx" },
  { name: "reserve", path: "reserve", file: "routes/reserve.tsx" },
  { name: "sitemap", path: "sitemap", file: "routes/sitemap-page.tsx" },
  { name: "forgot", path: "forgot", file: "routes/forgot.tsx" },
  { name: "news", path: "news", file: "routes/news-list.tsx" },
  { name: "news-article", path: "news/:slug", file: "routes/news-article.tsx" },
  { name: "blog", path: "blog", file: "routes/blog-list.tsx" },
  { name: "blog-post", path: "blog/:slug", file: "routes/blog-post.tsx" },
  { name: "restore", path: "restore/:token", file: "routes/token-link.tsx" },
  { name: "confirm", path: "confirm/:token", file: "routes/token-link.tsx" },
  { name: "confirm-login", path: "confirm-login/:token", file: "routes/token-link.tsx" },
  // The auth modals' forms (spec §2) post here; each is also a page without JavaScript.
  { name: "login", path: "login", file: "routes/auth-form-page.tsx" },
  { name: "register", path: "register", file: "routes/auth-form-page.tsx" },
  { name: "reset", path: "reset", file: "routes/auth-form-page.tsx" },
  { name: "logout", path: "logout", file: "routes/logout.tsx" },
  ...ACCOUNT_PAGE_PATHS,
  // The partners' banners (issue 18), drawn from the catalog's words: /banners/468x60-ru.svg
  // (the file name carries the language; the prefixed twins answer the same picture).
  { name: "banner", path: "banners/:file", file: "routes/account/affiliate-banner.ts" },
  // `/{from?}/{to?}` (spec §2) and the `/exchange{suffix}` sitemap variant: anything that is
  // not a currency or a sitemap link answers 404 from there.
  { name: "pair-shortcut", path: ":from/:to?", file: "routes/pair-shortcut.tsx", layout: "select" },
  { name: "not-found", path: "*", file: "routes/not-found.tsx" },
];

/** Files at the site's root, in no locale (crawlers look for them there). */
export const ROOT_FILE_PATHS: readonly (PagePath & { path: string })[] = [
  { name: "sitemap-xml", path: "sitemap.xml", file: "routes/sitemap-xml.ts" },
  { name: "robots-txt", path: "robots.txt", file: "routes/robots-txt.ts" },
];
