import { stringifySetCookie } from "cookie";
import { readCookie } from "../routing/auth-cookies.server.ts";
import { SESSION_COOKIE } from "../routing/auth-links.ts";

/**
 * The session cookie of spec §4 (`token`), holding the API's `user_auth_token`. HttpOnly (no
 * script can read or steal it), SameSite=Lax (a cross-site form post does not carry it; see
 * same-origin.server.ts for the second line of defence), Secure behind HTTPS. It lives as
 * long as the API's session can (30 days, sliding, decision 024): the API decides whether it
 * is still good, and a dead one is cleared by the root loader's middleware.
 */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Spec §4: "Logout clears the user, user and token cookies." We never set `user`, but clear it. */
export const LOGOUT_CLEARS = ["user", SESSION_COOKIE] as const;

/** Tokens the API hands out are 32 base32 characters; anything else is not worth sending. */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

/** The visitor's session token from the Cookie header, if it looks like one. */
export function readSessionToken(cookieHeader: string | null): string | undefined {
  const value = readCookie(cookieHeader, SESSION_COOKIE);
  return value !== null && SESSION_TOKEN.test(value) ? value : undefined;
}

export function sessionCookie(token: string, secure: boolean): string {
  return stringifySetCookie({
    name: SESSION_COOKIE,
    value: token,
    maxAge: SESSION_COOKIE_MAX_AGE_SECONDS,
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
  });
}

/** Set-Cookie headers that end the session in the browser (spec §4). */
export function clearedSessionCookies(secure: boolean): string[] {
  return LOGOUT_CLEARS.map((name) =>
    stringifySetCookie({
      name,
      value: "",
      maxAge: 0,
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure,
    }),
  );
}

/** Secure cookies when the visitor reached us over HTTPS (honouring the proxy, see fetch-bridge). */
export function isSecureRequest(url: URL): boolean {
  return url.protocol === "https:";
}
