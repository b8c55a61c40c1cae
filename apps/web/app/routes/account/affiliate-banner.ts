import { data } from "react-router";
import { parseBannerFileName, renderBanner } from "../../affiliate/banners.ts";
import { getServerT } from "../../i18n/catalogs.server.ts";
import { LOCALES, type Locale } from "../../i18n/locale.ts";
import type { Route } from "./+types/affiliate-banner";

/**
 * `/banners/{width}x{height}-{locale}.svg`: a partner's banner (issue 18), embedded by other
 * sites, so cached publicly for a day and open to any origin. Only the sizes and languages we
 * draw exist; anything else is a 404. `nosniff` and a sandboxing CSP: an SVG opened on its own
 * is a document, and this one never needs a script.
 */
export function loader({ params }: Route.LoaderArgs) {
  const parsed = parseBannerFileName(params.file, LOCALES);
  if (!parsed) throw data("Not Found", { status: 404 });
  const t = getServerT(parsed.locale as Locale);
  const svg = renderBanner(parsed.size, {
    name: t("Site.Name"),
    slogan: t("Affiliate.Banner.Slogan"),
    action: t("Affiliate.Banner.Action"),
  });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      "Access-Control-Allow-Origin": "*",
      "Cross-Origin-Resource-Policy": "cross-origin",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
