import { ContentSlug } from "@obmen/contracts";
import { redirect } from "react-router";
import { localeFromPathname, localizePath } from "../i18n/locale.ts";
import type { WebContext } from "../web-context.server.ts";
import type { TeaserView } from "./article-list.tsx";
import { ARTICLES_PER_PAGE, type ArticleKind } from "./content-kinds.ts";
import { loadOr404, notFound } from "./load-or-404.server.ts";
import { pageExists, parsePageParam } from "./page-param.ts";
import { toArticleView, toDateView } from "./to-article-view.ts";

/**
 * One page of the news or blog list. A page number that is not one (`0`, `abc`) or lies past
 * the end is a 404, not an empty page; `?page=1` moves to the bare path, the canonical one.
 */
export async function loadArticleList({
  api,
  url,
  kind,
}: {
  api: WebContext["api"];
  url: URL;
  kind: ArticleKind;
}) {
  const locale = localeFromPathname(url.pathname);
  const page = parsePageParam(url.searchParams);
  if (page === null) throw notFound(url);
  if (page === 1 && url.searchParams.has("page")) {
    const search = new URLSearchParams(url.searchParams);
    search.delete("page");
    throw redirect(`${url.pathname}${search.size > 0 ? `?${search}` : ""}`, 301);
  }
  const list = await api.content[kind]({ lang: locale, page, perPage: ARTICLES_PER_PAGE });
  if (!pageExists(page, list.pages)) throw notFound(url);
  const items: TeaserView[] = list.items.map((item) => ({
    slug: item.slug,
    title: item.title,
    description: item.description,
    published: toDateView(item.published_at, locale),
  }));
  return { items, page, pages: list.pages, path: localizePath(locale, `/${kind}`) };
}

/** One news item or blog post; an unknown or malformed slug is a 404. */
export async function loadArticle({
  api,
  url,
  kind,
  slug,
}: {
  api: WebContext["api"];
  url: URL;
  kind: ArticleKind;
  slug: string;
}) {
  const locale = localeFromPathname(url.pathname);
  // A slug the API could never hold is not worth a call.
  if (!ContentSlug.safeParse(slug).success) throw notFound(url);
  const lang = { lang: locale };
  const entry = await loadOr404(url, () =>
    kind === "news" ? api.content.newsArticle(slug, lang) : api.content.blogPost(slug, lang),
  );
  return toArticleView(entry, locale);
}
