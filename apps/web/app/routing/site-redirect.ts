import { canonicalLocalePath } from "../i18n/locale.ts";
import { legacyPairTarget } from "./legacy-pair-query.ts";
import { canonicalPathCase } from "./path-case.ts";

/**
 * The permanent (301) redirects of spec §2 that apply to every page, folded into one hop so a
 * crawler never follows a chain: an upper-case or default-locale prefix (`/EN/x` → `/en/x`,
 * `/ru/x` → `/x`), the fixed words of the path in lower case (`/Restore/Tok` → `/restore/Tok`,
 * path-case.ts), then an old-style `cur_from`/`cur_to` query. Returns null when the URL is
 * already where it should be. Only for reads: a 301 would turn a form post into a GET.
 */
export function siteRedirectTarget(url: URL): string | null {
  const localePath = canonicalLocalePath(url.pathname) ?? url.pathname;
  const casePath = canonicalPathCase(localePath) ?? localePath;
  const canonicalPath = casePath === url.pathname ? null : casePath;
  const canonical = canonicalPath === null ? url : new URL(`${canonicalPath}${url.search}`, url);
  const legacy = legacyPairTarget(canonical);
  if (legacy !== null) return legacy;
  return canonicalPath === null ? null : `${canonicalPath}${url.search}`;
}
