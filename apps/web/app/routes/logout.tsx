import { redirect } from "react-router";
import { readForm } from "../account/read-form.server.ts";
import {
  clearedSessionCookies,
  isSecureRequest,
  readSessionToken,
} from "../account/session-cookie.server.ts";
import { localeFromPathname, localizePath } from "../i18n/locale.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/logout";

/**
 * `POST /logout` (spec §4): ends the session on the server, then clears the `user` and
 * `token` cookies and goes home. A GET does nothing but go home: logging out is a change, and
 * a link or an image must not be able to do it.
 */
export function loader({ url }: Route.LoaderArgs) {
  throw redirect(localizePath(localeFromPathname(url.pathname), "/"));
}

export async function action({ context, request, url }: Route.ActionArgs) {
  await readForm(request);
  const locale = localeFromPathname(url.pathname);
  const token = readSessionToken(request.headers.get("cookie"));
  if (token) {
    const { api, clientIp, log } = context.get(webContext);
    try {
      await api.user.logout({ ip: clientIp, lang: locale, userAuthToken: token });
    } catch (error) {
      // The browser forgets the token either way; an already ended session is no failure.
      log.warn({ err: error }, "logout: the API did not end the session");
    }
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of clearedSessionCookies(isSecureRequest(url))) {
    headers.append("Set-Cookie", cookie);
  }
  throw redirect(localizePath(locale, "/"), { headers });
}
