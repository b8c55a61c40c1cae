import { parseCookie, stringifySetCookie } from "cookie";
import {
  AUTH_LINK_COOKIE_MAX_AGE_SECONDS,
  type AuthLinkKind,
  authLinkCookieName,
  SESSION_COOKIE,
} from "./auth-links.ts";

/*
 * The spec's cookies (`token`, `reset_token`, `confirm_token`, `confirm_login`) are plain
 * `name=value` pairs, so they are read and written with the `cookie` package, not React
 * Router's createCookie, which would wrap each value in base64 JSON and change the wire
 * (docs/decisions/015-audited-crypto-and-cookies.md). Server only: the browser never reads them.
 */

/** One cookie's value from a Cookie header (the first of a repeated name), or null. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  return parseCookie(header)[name] ?? null;
}

/** Signed in = a non-empty session cookie (spec §4, §6); the API judges whether it is valid. */
export function isSignedIn(cookieHeader: string | null): boolean {
  return Boolean(readCookie(cookieHeader, SESSION_COOKIE));
}

/**
 * HttpOnly: only the server reads the token (the modal's action sends it to the API), so a
 * script injected into the page cannot steal a password-reset token. SameSite=Lax keeps a
 * cross-site form from spending it.
 */
export function authLinkCookie(kind: AuthLinkKind, token: string, secure: boolean): string {
  return stringifySetCookie({
    name: authLinkCookieName(kind),
    value: token,
    maxAge: AUTH_LINK_COOKIE_MAX_AGE_SECONDS,
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
  });
}

export function expiredAuthLinkCookie(kind: AuthLinkKind, secure: boolean): string {
  return stringifySetCookie({
    name: authLinkCookieName(kind),
    value: "",
    maxAge: 0,
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
  });
}
