import { randomBytes } from "node:crypto";
import type { WidgetScripts } from "../web-context.server.ts";

/** 128 random bits per response (CSP3 asks for at least 128), base64 as the header wants. */
export function newCspNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The public site's Content-Security-Policy (issue 16 point 7, docs/decisions/033). Scripts
 * run only from our own files or inline with this response's nonce (React Router's hydration
 * data, its module loader and scroll restoration, React's streaming scripts); never an
 * injected inline script, handler attribute or `javascript:` URL. Styles come only from our
 * stylesheet: the pages write no style attribute (content Markdown neither, it has no raw HTML).
 * The chat and call-back widgets (spec §1, §9) are another origin: it is allowed only when an
 * operator configured it, for the script itself and for what such a widget typically opens
 * (its API, its frame, its images and styles).
 */
export function pageContentSecurityPolicy(nonce: string, widgets: WidgetScripts): string {
  const widgetOrigins = widgetOriginsOf(widgets);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...widgetOrigins],
    "style-src": ["'self'", ...widgetOrigins],
    // Operators may put an image from anywhere into a content page (Markdown `![](https://…)`).
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'", ...widgetOrigins],
    "connect-src": ["'self'", ...widgetOrigins],
    "frame-src": widgetOrigins.length > 0 ? widgetOrigins : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    // Never inside another site's frame: the pages move money (clickjacking).
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** Distinct origins of the configured widget scripts; an unparsable one adds nothing. */
export function widgetOriginsOf(widgets: WidgetScripts): string[] {
  const origins = new Set<string>();
  for (const src of [widgets.chatSrc, widgets.callbackSrc]) {
    if (src === undefined) continue;
    try {
      origins.add(new URL(src).origin);
    } catch {
      // The configuration validates these URLs; a test may hand over anything.
    }
  }
  return [...origins];
}
