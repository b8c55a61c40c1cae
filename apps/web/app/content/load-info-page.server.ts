import { localeFromPathname } from "../i18n/locale.ts";
import type { WebContext } from "../web-context.server.ts";
import { loadOr404 } from "./load-or-404.server.ts";
import { toArticleView } from "./to-article-view.ts";

/** A static content page (about, rules, …, forgot) in the URL's language. */
export async function loadInfoPage({
  api,
  url,
  slug,
}: {
  api: WebContext["api"];
  url: URL;
  slug: string;
}) {
  const locale = localeFromPathname(url.pathname);
  const page = await loadOr404(url, () => api.content.page(slug, { lang: locale }));
  return toArticleView(page, locale);
}
