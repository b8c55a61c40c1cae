import { redirect, redirectDocument } from "react-router";

export type RedirectTarget =
  | { kind: "internal"; path: string }
  | { kind: "external"; href: string };

/**
 * Reads a redirect URL an API answer carries (spec §2: "a server-provided redirect is
 * followed; an external one is a full page navigation"). A site path or a URL on the site's
 * own origin stays inside the app; any other http(s) URL is external. Everything else is
 * refused (null): `javascript:`, `data:`, credentials in the URL, protocol-relative `//host`
 * or `/\host` tricks, control characters.
 */
export function parseRedirectTarget(target: string, siteOrigin: string): RedirectTarget | null {
  if (target.length === 0 || target.length > 2048 || hasUnsafeCharacters(target)) return null;
  const isPath = target.startsWith("/");
  if (isPath && target.startsWith("//")) return null;
  if (!isPath && !/^https?:\/\//i.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, siteOrigin);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.origin === new URL(siteOrigin).origin) {
    return { kind: "internal", path: `${url.pathname}${url.search}${url.hash}` };
  }
  return { kind: "external", href: url.href };
}

/**
 * Browsers drop tabs and newlines inside URLs (so `/\t/evil` becomes `//evil`) and read `\`
 * as `/`; no honest redirect needs those, spaces or other control characters.
 */
function hasUnsafeCharacters(target: string): boolean {
  for (let i = 0; i < target.length; i++) {
    const code = target.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return /\s/.test(target);
}

/**
 * Turns an API-provided redirect into the Response a loader or action throws: a normal React
 * Router redirect inside the site, a document redirect (`X-Remix-Reload-Document`, a full page
 * load in the browser) for another site. Null when the URL is not one to follow.
 */
export function followServerRedirect(
  target: string,
  siteOrigin: string,
  init?: number | ResponseInit,
): Response | null {
  const parsed = parseRedirectTarget(target, siteOrigin);
  if (!parsed) return null;
  return parsed.kind === "internal"
    ? redirect(parsed.path, init)
    : redirectDocument(parsed.href, init);
}
