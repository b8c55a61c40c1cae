import { parseCookie, stringifySetCookie } from "cookie";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The console's session cookie. `HttpOnly` (no script reads it), `SameSite=Strict` (no other
 * site's page can make the browser send it) and `Path=/admin` (never sent to the public site
 * or its API), `Secure` whenever the console is served over HTTPS. No `Max-Age`: the cookie
 * ends with the browser, the session on the server (12 h idle, 7 days at most).
 */
export const ADMIN_SESSION_COOKIE = "obmen_admin_session";

export function readSessionToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const token = parseCookie(header)[ADMIN_SESSION_COOKIE];
  // A session token is 32 base32 characters (secret-token.ts); anything else is no session.
  return token && /^[a-z2-7]{32}$/.test(token) ? token : null;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.header(
    "set-cookie",
    stringifySetCookie({
      name: ADMIN_SESSION_COOKIE,
      value: token,
      httpOnly: true,
      sameSite: "strict",
      path: "/admin",
      secure,
    }),
  );
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.header(
    "set-cookie",
    stringifySetCookie({
      name: ADMIN_SESSION_COOKIE,
      value: "",
      httpOnly: true,
      sameSite: "strict",
      path: "/admin",
      secure,
      maxAge: 0,
    }),
  );
}
