import { ArticlePage } from "../content/article-page.tsx";
import { loadArticle } from "../content/load-articles.server.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/news-article";
import "../content/content.css";

/** `/news/{slug}` (spec §2). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { api } = context.get(webContext);
  return { article: await loadArticle({ api, url, kind: "news", slug: params.slug }) };
}

export default function NewsArticle({ loaderData }: Route.ComponentProps) {
  return <ArticlePage kind="news" article={loaderData.article} />;
}
