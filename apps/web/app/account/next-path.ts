import { stripLocalePrefix } from "../i18n/locale.ts";

/**
 * Where to go after signing in (`?next=/account/wallets`). Only a path on this site is
 * accepted, never a URL: `//evil.example`, `/\evil.example`, `https://…`, control characters
 * and anything longer than a sane address are refused (an open redirect would let a phishing
 * link borrow our login form). Returns the path without its locale prefix, or null.
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 512) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    // Browsers drop tabs and newlines inside URLs and read `\` as `/`.
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return null;
  }
  let url: URL;
  try {
    url = new URL(value, "http://site.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://site.invalid") return null;
  const path = stripLocalePrefix(url.pathname);
  return `${path}${url.search}`;
}
