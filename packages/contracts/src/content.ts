import { CONTENT_KINDS, type ContentKind, FAQ_SECTIONS, type FaqSection } from "@obmen/domain";
import { z } from "zod";
import { LOCALES } from "./locales.ts";
import { dataResponse } from "./response.ts";

/**
 * The content API (spec §7: "GET calls to /content/ paths send lang as a query and an API key
 * header"): static pages, news, blog and FAQ, per interface language. Every response is
 * `{"data": …}`; `html` is rendered from Markdown and sanitised by the API, safe to insert
 * as is. Timestamps are ISO 8601 in UTC.
 *
 * Language fallback: when an entry has no translation into the requested `lang`, the Russian
 * one is served, and an entry answer says so in its `lang` field ("ru").
 */

/** The header that carries the API client's public key on `/content/*` calls. */
export const API_KEY_HEADER = "x-api-key";

export { CONTENT_KINDS, type ContentKind, FAQ_SECTIONS, type FaqSection };

/** Lower-case words joined by single hyphens, as in a URL path segment. */
export const ContentSlug = z
  .string()
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens");

const IsoTimestamp = z.iso.datetime();

/** Query strings carry text; a page number is digits only (no sign, no fraction, no spaces). */
const PositiveIntegerText = (max: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

export const ContentLang = z.enum(LOCALES);

/** Query of every single-entry call and the FAQ: only `lang` (default `ru`). */
export const ContentLangQuery = z.strictObject({ lang: ContentLang.default("ru") });
export type ContentLangQuery = z.infer<typeof ContentLangQuery>;

export const CONTENT_PER_PAGE_DEFAULT = 10;
export const CONTENT_PER_PAGE_MAX = 50;
/** Far past any real archive; bounds the offset a query can ask the server to compute. */
export const CONTENT_PAGE_MAX = 100_000;

/** Query of the news and blog lists. */
export const ContentListQuery = z.strictObject({
  lang: ContentLang.default("ru"),
  page: PositiveIntegerText(CONTENT_PAGE_MAX).default(1),
  per_page: PositiveIntegerText(CONTENT_PER_PAGE_MAX).default(CONTENT_PER_PAGE_DEFAULT),
});
export type ContentListQuery = z.infer<typeof ContentListQuery>;

/** The index takes no parameters at all: it is the same in every language. */
export const ContentIndexQuery = z.strictObject({});

/** `GET /content/pages/:slug`: about, rules, agreement, partner, contact, forgot. */
export const ContentPage = z.object({
  slug: ContentSlug,
  /** The language actually served: the requested one, or "ru" when it has no translation. */
  lang: ContentLang,
  title: z.string(),
  /** One sentence, for the meta description. */
  description: z.string(),
  html: z.string(),
  updated_at: IsoTimestamp,
});
export type ContentPage = z.infer<typeof ContentPage>;

/** One line of the news or blog list. */
export const ContentListItem = z.object({
  slug: ContentSlug,
  title: z.string(),
  description: z.string(),
  published_at: IsoTimestamp,
});
export type ContentListItem = z.infer<typeof ContentListItem>;

/**
 * `GET /content/news` and `GET /content/blog`, newest first. `pages` is ceil(total / per_page),
 * 0 when there is nothing; a page past the end has no items but the real total and pages.
 */
export const ContentList = z.object({
  items: z.array(ContentListItem),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1).max(CONTENT_PER_PAGE_MAX),
  total: z.number().int().min(0),
  pages: z.number().int().min(0),
});
export type ContentList = z.infer<typeof ContentList>;

/** `GET /content/news/:slug` and `GET /content/blog/:slug`. */
export const ContentArticle = ContentPage.extend({ published_at: IsoTimestamp });
export type ContentArticle = z.infer<typeof ContentArticle>;

export const FaqItem = z.object({
  slug: ContentSlug,
  section: z.enum(FAQ_SECTIONS),
  question: z.string(),
  html: z.string(),
});
export type FaqItem = z.infer<typeof FaqItem>;

/** `GET /content/faq`: every published question in the operator's order. */
export const FaqList = z.object({ items: z.array(FaqItem) });
export type FaqList = z.infer<typeof FaqList>;

const IndexEntry = z.object({ slug: ContentSlug, updated_at: IsoTimestamp });

/** `GET /content/index`: what exists, for sitemap.xml; language-independent. */
export const ContentIndex = z.object({
  pages: z.array(IndexEntry),
  news: z.array(IndexEntry),
  blog: z.array(IndexEntry),
});
export type ContentIndex = z.infer<typeof ContentIndex>;

export const ContentPageResponse = dataResponse(ContentPage);
export const ContentListResponse = dataResponse(ContentList);
export const ContentArticleResponse = dataResponse(ContentArticle);
export const FaqListResponse = dataResponse(FaqList);
export const ContentIndexResponse = dataResponse(ContentIndex);
