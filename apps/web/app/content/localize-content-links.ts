import { isLocale, type Locale, localizePath } from "../i18n/locale.ts";

// `href="/…"` on an anchor, in double or single quotes. Only root-relative paths: not
// `//host` (protocol-relative), not absolute URLs, not `#fragment`s.
const ROOT_RELATIVE_HREF = /(<a\b[^>]*?\bhref\s*=\s*)(["'])(\/(?!\/)[^"']*)\2/gi;

/** First path segments that are not site pages: the API, static files. */
const NOT_PAGES = new Set(["rest", "api", "content", "assets", "icons", "uploads"]);

/**
 * Content is written once per language with links like `/rules`; on the English site they
 * must lead to `/en/rules`, or a reader would drop back into Russian. The HTML comes
 * sanitised from the API, so rewriting the attribute text is enough (no parser needed).
 */
export function localizeContentLinks(html: string, locale: Locale): string {
  return html.replace(ROOT_RELATIVE_HREF, (whole, start: string, quote: string, href: string) => {
    const localized = localizeHref(href, locale);
    return localized === href ? whole : `${start}${quote}${localized}${quote}`;
  });
}

/** `/rules#limits` → `/en/rules#limits`; links already in a language, or to files, stay. */
export function localizeHref(href: string, locale: Locale): string {
  const pathEnd = href.search(/[?#]/);
  const path = pathEnd < 0 ? href : href.slice(0, pathEnd);
  const rest = pathEnd < 0 ? "" : href.slice(pathEnd);
  const segments = path.split("/");
  const first = segments[1]?.toLowerCase() ?? "";
  const last = segments.at(-1) ?? "";
  if (isLocale(first) || NOT_PAGES.has(first) || last.includes(".")) return href;
  return localizePath(locale, path) + rest;
}
