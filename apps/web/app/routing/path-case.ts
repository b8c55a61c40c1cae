import { DEFAULT_LOCALE, isLocale } from "../i18n/locale.ts";
import { PAGE_PATHS, type PagePath, ROOT_FILE_PATHS } from "./page-paths.ts";

/**
 * The letter-case rule for paths (docs/decisions/021-path-letter-case.md): the fixed words of
 * the route table (`order`, `restore`, `about`, …) are case-insensitive and have one spelling,
 * lower case; the values in dynamic segments (tokens, order ids, slugs, currency codes) are
 * kept exactly as written, because their case may carry meaning.
 *
 * Takes a path whose locale prefix is already canonical (`/en/...` or none) and answers the
 * same path with each fixed segment spelt as the route table spells it, or null when it
 * already is (or matches no page with a fixed segment). Segments are compared still
 * percent-encoded, so nothing is decoded and a malformed escape cannot throw.
 */
export function canonicalPathCase(pathname: string): string | null {
  const [, first = ""] = pathname.split("/");
  const hasPrefix = first !== DEFAULT_LOCALE && isLocale(first);
  const prefix = hasPrefix ? `/${first}` : "";
  const rest = pathname.slice(prefix.length);
  // React Router ignores one trailing slash when it matches; so does this rule.
  const trailing = rest.length > 1 && rest.endsWith("/") ? "/" : "";
  const body = trailing ? rest.slice(0, -1) : rest;
  const segments = body === "" || body === "/" ? [] : body.slice(1).split("/");

  const pages = hasPrefix ? PAGE_PATHS : [...ROOT_FILE_PATHS, ...PAGE_PATHS];
  let best: SpelledPath | null = null;
  for (const page of pages) {
    const spelled = spellLike(segments, page);
    if (spelled && (best === null || spelled.fixedCount > best.fixedCount)) best = spelled;
  }
  if (best === null || best.fixedCount === 0) return null;
  const canonical = `${prefix}${body === "" ? "" : `/${best.segments.join("/")}`}${trailing}`;
  return canonical === pathname ? null : canonical;
}

interface SpelledPath {
  segments: string[];
  /** How many fixed words matched: the most specific page wins, as in React Router. */
  fixedCount: number;
}

/** The segments spelt as the page's pattern spells its fixed words, if the page matches. */
function spellLike(segments: readonly string[], page: PagePath): SpelledPath | null {
  const pattern = page.path === null ? [] : page.path.split("/");
  const spelled: string[] = [];
  let fixedCount = 0;
  let at = 0;
  for (const part of pattern) {
    if (part === "*") return { segments: [...spelled, ...segments.slice(at)], fixedCount };
    const segment = segments[at];
    if (part.startsWith(":")) {
      if (segment === undefined || segment === "") {
        if (part.endsWith("?")) continue;
        return null;
      }
      spelled.push(segment);
    } else {
      if (segment?.toLowerCase() !== part.toLowerCase()) return null;
      spelled.push(part);
      fixedCount += 1;
    }
    at += 1;
  }
  return at === segments.length ? { segments: spelled, fixedCount } : null;
}
