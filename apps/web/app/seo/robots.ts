import { LOCALES, localizePath } from "../i18n/locale.ts";

/**
 * Private or one-off pages: an order is reachable by its unguessable link only, account pages
 * need a session, e-mailed token links must never be fetched by a crawler, and the API is not
 * for search engines. Each in every language.
 */
const PRIVATE_PATHS = ["/order/", "/account", "/restore/", "/confirm/", "/confirm-login/"];
const API_PATHS = ["/rest/", "/api/"];

/** robots.txt: everything else is open; the sitemap is named by an absolute URL, as required. */
export function buildRobotsTxt(origin: string): string {
  const disallowed = [
    ...LOCALES.flatMap((locale) => PRIVATE_PATHS.map((path) => localizePath(locale, path))),
    ...API_PATHS,
  ];
  return [
    "User-agent: *",
    "Allow: /",
    ...[...new Set(disallowed)].map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
