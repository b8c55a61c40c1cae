import { ArticleListPage } from "../content/article-list-page.tsx";
import { loadArticleList } from "../content/load-articles.server.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/blog-list";
import "../content/content.css";

/** `/blog` (spec §2), paged like the news: `?page={n}`. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { api } = context.get(webContext);
  return loadArticleList({ api, url, kind: "blog" });
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  return <ArticleListPage kind="blog" data={loaderData} />;
}
