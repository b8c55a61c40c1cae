import type { Locale } from "../i18n/locale.ts";
import type { WebContext } from "../web-context.server.ts";
import type { ArticleKind } from "./content-kinds.ts";

const PER_PAGE = 50;
/** Bounds the calls one sitemap view makes: 20 × 50 entries is far past any real archive. */
const MAX_PAGES = 20;

/** Every entry of a list (news or blog) in one language, slug → title, newest first. */
export async function loadAllTitles(options: {
  api: WebContext["api"];
  kind: ArticleKind;
  locale: Locale;
}): Promise<Map<string, string>> {
  const { api, kind, locale } = options;
  const load = (page: number) => api.content[kind]({ lang: locale, page, perPage: PER_PAGE });
  const first = await load(1);
  const rest = await Promise.all(
    Array.from({ length: Math.min(first.pages, MAX_PAGES) - 1 }, (_, index) => load(index + 2)),
  );
  const titles = new Map<string, string>();
  for (const list of [first, ...rest]) {
    for (const item of list.items) titles.set(item.slug, item.title);
  }
  return titles;
}
