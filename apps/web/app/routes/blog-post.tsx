import { ArticlePage } from "../content/article-page.tsx";
import { loadArticle } from "../content/load-articles.server.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/blog-post";
import "../content/content.css";

/** `/blog/{slug}` (spec §2). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { api } = context.get(webContext);
  return { article: await loadArticle({ api, url, kind: "blog", slug: params.slug }) };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <ArticlePage kind="blog" article={loaderData.article} />;
}
