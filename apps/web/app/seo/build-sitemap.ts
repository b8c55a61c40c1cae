import type { ContentIndex, CurrencyPairEntry } from "@obmen/contracts";
import { DEFAULT_LOCALE, LOCALES, localizePath } from "../i18n/locale.ts";

/** Public pages that exist whatever the catalogue and content hold (spec §2). */
const FIXED_PAGES = [
  "/",
  "/about",
  "/reserve",
  "/rules",
  "/faq",
  "/partner",
  "/contact",
  "/sitemap",
  "/agreement",
  "/news",
  "/blog",
] as const;

export interface SitemapEntry {
  /** Path without a language prefix, e.g. `/news/new-pairs`. */
  path: string;
  /** ISO 8601 time of the last change, when known. */
  lastmod?: string;
}

/**
 * Every public page once (sitemap.xml lists each language of it): the fixed pages, each news
 * article and blog post from the content index, and every active exchange direction. Either
 * source may be missing (its call failed); what is known is still listed.
 */
export function sitemapEntries(sources: {
  pairs: CurrencyPairEntry[] | null;
  content: ContentIndex | null;
}): SitemapEntry[] {
  const { pairs, content } = sources;
  const pageUpdates = new Map(content?.pages.map((page) => [`/${page.slug}`, page.updated_at]));
  const newest = (items: { updated_at: string }[] | undefined) =>
    items?.reduce<string | undefined>(
      (latest, item) =>
        latest === undefined || item.updated_at > latest ? item.updated_at : latest,
      undefined,
    );
  const listUpdates: Record<string, string | undefined> = {
    "/news": newest(content?.news),
    "/blog": newest(content?.blog),
  };
  const entries: SitemapEntry[] = FIXED_PAGES.map((path) =>
    withLastmod(path, pageUpdates.get(path) ?? listUpdates[path]),
  );
  for (const item of content?.news ?? [])
    entries.push(withLastmod(`/news/${item.slug}`, item.updated_at));
  for (const item of content?.blog ?? [])
    entries.push(withLastmod(`/blog/${item.slug}`, item.updated_at));
  const directions = new Set<string>();
  for (const entry of pairs ?? []) {
    const { send_currency: send, receive_currency: receive } = entry.currency_pair;
    directions.add(
      `/exchange/${encodeURIComponent(send.url_xml)}/${encodeURIComponent(receive.url_xml)}`,
    );
  }
  for (const path of directions) entries.push({ path });
  return entries;
}

function withLastmod(path: string, lastmod: string | undefined): SitemapEntry {
  return lastmod ? { path, lastmod } : { path };
}

/**
 * The sitemaps.org XML: one `<url>` per page and language, each naming all its language
 * versions (and `x-default`, the Russian one) as `xhtml:link` alternates, as Google asks.
 */
export function buildSitemapXml(origin: string, entries: SitemapEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const entry of entries) {
    const href = (locale: (typeof LOCALES)[number]) =>
      escapeXml(origin + localizePath(locale, entry.path));
    const alternates = [
      ...LOCALES.map(
        (locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${href(locale)}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${href(DEFAULT_LOCALE)}"/>`,
    ].join("");
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
    for (const locale of LOCALES) {
      lines.push(`<url><loc>${href(locale)}</loc>${lastmod}${alternates}</url>`);
    }
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}
