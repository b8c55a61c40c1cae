import type { WebMessageKey as MessageKey } from "@obmen/i18n";

export interface SitePage {
  /** Path without a locale prefix. */
  path: string;
  /** Its name in menus and the sitemap. */
  name: MessageKey;
}

/** Pages whose text is a content page of the same slug (page-paths.ts mounts a route each). */
export const INFO_PAGE_SLUGS = ["about", "rules", "agreement", "partner", "contact"] as const;
export type InfoPageSlug = (typeof INFO_PAGE_SLUGS)[number];

export function isInfoPageSlug(slug: string): slug is InfoPageSlug {
  return (INFO_PAGE_SLUGS as readonly string[]).includes(slug);
}

/** Named once, so the footer, the side menu of info pages and the sitemap agree. */
export const PAGES = {
  exchange: { path: "/", name: "Content.PageNames.Exchange" },
  order: { path: "/order", name: "Content.PageNames.Order" },
  reserve: { path: "/reserve", name: "Content.PageNames.Reserve" },
  news: { path: "/news", name: "Content.PageNames.News" },
  blog: { path: "/blog", name: "Content.PageNames.Blog" },
  faq: { path: "/faq", name: "Content.PageNames.Faq" },
  about: { path: "/about", name: "Content.PageNames.About" },
  rules: { path: "/rules", name: "Content.PageNames.Rules" },
  agreement: { path: "/agreement", name: "Content.PageNames.Agreement" },
  partner: { path: "/partner", name: "Content.PageNames.Partner" },
  contact: { path: "/contact", name: "Content.PageNames.Contact" },
  sitemap: { path: "/sitemap", name: "Content.PageNames.Sitemap" },
  forgot: { path: "/forgot", name: "Content.PageNames.Forgot" },
} as const satisfies Record<string, SitePage>;

/** The side menu of the information pages, in reading order. */
export const INFO_MENU: SitePage[] = [
  PAGES.about,
  PAGES.rules,
  PAGES.agreement,
  PAGES.faq,
  PAGES.partner,
  PAGES.contact,
];
