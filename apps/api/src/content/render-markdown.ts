import type { Locale } from "@obmen/contracts";
import MarkdownIt from "markdown-it";

/** Schemes a link or image may use; anything else (javascript:, data:, vbscript:, file:…) is dropped. */
const ALLOWED_SCHEMES = new Set(["http", "https", "mailto", "tel"]);

/**
 * Markdown → HTML that is safe to insert into a page as is. Safety comes from construction,
 * not from cleaning afterwards: with `html: false` markdown-it escapes every raw tag, so no
 * `<script>`, `<iframe>` or `on*` attribute can come from the text; the only attributes it
 * writes are its own (href, src, alt, title, table alignment), and every URL passes
 * `isAllowedUrl`. A link that fails it stays as plain text.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
markdown.validateLink = isAllowedUrl;

markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  const href = String(token.attrGet("href") ?? "");
  if (isExternal(href)) {
    // The target must not get `window.opener` or learn which page linked to it.
    token.attrSet("rel", "noopener noreferrer");
  } else {
    token.attrSet("href", localiseSitePath(href, (env as RenderEnv).lang));
  }
  return self.renderToken(tokens, index, options);
};

type RenderEnv = { lang: Locale };

/**
 * Renders one text for a reader of `lang`. Site links written without a language
 * (`/rules`) get the reader's URL prefix (`/en/rules`), so a text needs no per-language
 * link editing and a fallback text still keeps its reader on their language.
 */
export function renderContentMarkdown(source: string, options: { lang: Locale }): string {
  const env: RenderEnv = { lang: options.lang };
  return markdown.render(source, env);
}

/**
 * markdown-it hands over the URL already percent-encoded. It is judged both as given and
 * decoded, without whitespace and control characters (browsers skip them inside a scheme:
 * `java\tscript:`), so no spelling of a forbidden scheme gets through.
 */
export function isAllowedUrl(url: string): boolean {
  return [url, safelyDecoded(url)].every((candidate) => {
    const compact = withoutInvisibles(candidate);
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
    return scheme === undefined || ALLOWED_SCHEMES.has(scheme.toLowerCase());
  });
}

/** Drops C0/C1 control characters and spaces (a regex with them trips the linter). */
function withoutInvisibles(text: string): string {
  let kept = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code > 0x20 && (code < 0x7f || code > 0x9f)) kept += char;
  }
  return kept;
}

function safelyDecoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}

/** `/rules` → `/en/rules` for an English reader; Russian has no prefix (spec §1). */
export function localiseSitePath(href: string, lang: Locale): string {
  if (lang === "ru" || !href.startsWith("/") || href.startsWith("//")) return href;
  const path = href.split(/[?#]/, 1)[0]!;
  const firstSegment = path.split("/")[1] ?? "";
  if (/^(ru|en|uk)$/.test(firstSegment)) return href;
  // Files (`/rates.xml`, `/icons/btc.svg`) are the same for every language.
  if (/\.[a-z0-9]+$/i.test(path)) return href;
  return path === "/" ? `/${lang}${href.slice(1)}` : `/${lang}${href}`;
}
