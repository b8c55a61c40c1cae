import { cachedSitemapXml } from "../seo/cached-sitemap.server.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/sitemap-xml";

/** `/sitemap.xml`: every public page in every language (DESIGN.md front-end rules). */
export async function loader({ context }: Route.LoaderArgs) {
  const xml = await cachedSitemapXml(context.get(webContext));
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
