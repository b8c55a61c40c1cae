import {
  API_KEY_HEADER,
  type ContentArticle,
  type ContentIndex,
  type ContentList,
  type ContentPage,
  type FaqList,
} from "../content.ts";
import type { Locale } from "../locales.ts";
import { sendWithRetries } from "./client.ts";
import type { Transport } from "./transport.ts";

export interface ContentLangOptions {
  /** Interface language; the API's default is `ru`. */
  lang?: Locale;
}

export interface ContentListOptions extends ContentLangOptions {
  /** 1-based page number (default 1). */
  page?: number;
  /** Items per page, 1..50 (default 10). */
  perPage?: number;
}

/**
 * The `/content/*` calls (spec §7): unsigned GETs with `lang` in the query and the client's
 * public key in `X-Api-Key`. They read public texts, so no secret, IP or session is sent.
 * All are idempotent and retried like any other read.
 */
export function createContentClient(options: { transport: Transport; publicKey: string }) {
  const { transport, publicKey } = options;
  const get = <T>(path: string, query: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) params.set(key, String(value));
    }
    const search = params.size > 0 ? `?${params}` : "";
    return sendWithRetries<T>({
      transport,
      idempotent: true,
      buildRequest: () => ({
        method: "GET",
        url: path + search,
        headers: { [API_KEY_HEADER]: publicKey },
      }),
    });
  };
  const slugPath = (prefix: string, slug: string) => `${prefix}/${encodeURIComponent(slug)}`;
  const list = (path: string, options: ContentListOptions) =>
    get<ContentList>(path, { lang: options.lang, page: options.page, per_page: options.perPage });

  return {
    /** A static page: about, rules, agreement, partner, contact, forgot. */
    page: (slug: string, options: ContentLangOptions = {}) =>
      get<ContentPage>(slugPath("/content/pages", slug), { lang: options.lang }),
    /** News, newest first. */
    news: (options: ContentListOptions = {}) => list("/content/news", options),
    newsArticle: (slug: string, options: ContentLangOptions = {}) =>
      get<ContentArticle>(slugPath("/content/news", slug), { lang: options.lang }),
    /** Blog posts, newest first. */
    blog: (options: ContentListOptions = {}) => list("/content/blog", options),
    blogPost: (slug: string, options: ContentLangOptions = {}) =>
      get<ContentArticle>(slugPath("/content/blog", slug), { lang: options.lang }),
    /** Every FAQ question in order, with its section key. */
    faq: (options: ContentLangOptions = {}) => get<FaqList>("/content/faq", { lang: options.lang }),
    /** Slugs and last changes of pages, news and blog, for sitemap.xml. */
    index: () => get<ContentIndex>("/content/index", {}),
  };
}

export type ContentClient = ReturnType<typeof createContentClient>;
