import {
  API_KEY_HEADER,
  ContentArticleResponse,
  ContentIndexResponse,
  ContentListResponse,
  ContentPageResponse,
  FaqListResponse,
} from "../content.ts";
import type { Locale } from "../locales.ts";
import type { DataResponseSchema } from "../response.ts";
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
  const get = <S extends DataResponseSchema>(
    path: string,
    response: S,
    query: Record<string, string | number | undefined>,
  ) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) params.set(key, String(value));
    }
    const search = params.size > 0 ? `?${params}` : "";
    return sendWithRetries({
      transport,
      idempotent: true,
      response,
      buildRequest: () => ({
        method: "GET",
        url: path + search,
        headers: { [API_KEY_HEADER]: publicKey },
      }),
    });
  };
  const slugPath = (prefix: string, slug: string) => `${prefix}/${encodeURIComponent(slug)}`;
  const list = (path: string, options: ContentListOptions) =>
    get(path, ContentListResponse, {
      lang: options.lang,
      page: options.page,
      per_page: options.perPage,
    });

  return {
    /** A static page: about, rules, agreement, partner, contact, forgot. */
    page: (slug: string, options: ContentLangOptions = {}) =>
      get(slugPath("/content/pages", slug), ContentPageResponse, { lang: options.lang }),
    /** News, newest first. */
    news: (options: ContentListOptions = {}) => list("/content/news", options),
    newsArticle: (slug: string, options: ContentLangOptions = {}) =>
      get(slugPath("/content/news", slug), ContentArticleResponse, { lang: options.lang }),
    /** Blog posts, newest first. */
    blog: (options: ContentListOptions = {}) => list("/content/blog", options),
    blogPost: (slug: string, options: ContentLangOptions = {}) =>
      get(slugPath("/content/blog", slug), ContentArticleResponse, { lang: options.lang }),
    /** Every FAQ question in order, with its section key. */
    faq: (options: ContentLangOptions = {}) =>
      get("/content/faq", FaqListResponse, { lang: options.lang }),
    /** Slugs and last changes of pages, news and blog, for sitemap.xml. */
    index: () => get("/content/index", ContentIndexResponse, {}),
  };
}

export type ContentClient = ReturnType<typeof createContentClient>;
