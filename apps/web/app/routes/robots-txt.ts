import { buildRobotsTxt } from "../seo/robots.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/robots-txt";

/** `/robots.txt` (DESIGN.md front-end rules); its sitemap URL uses APP_URL, not the Host header. */
export function loader({ context }: Route.LoaderArgs) {
  const { appOrigin } = context.get(webContext);
  return new Response(buildRobotsTxt(appOrigin), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
