import { ArticleListPage } from "../content/article-list-page.tsx";
import { loadArticleList } from "../content/load-articles.server.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/news-list";
import "../content/content.css";

/** `/news?page={n}` (spec §2). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { api } = context.get(webContext);
  return loadArticleList({ api, url, kind: "news" });
}

export default function NewsList({ loaderData }: Route.ComponentProps) {
  return <ArticleListPage kind="news" data={loaderData} />;
}
