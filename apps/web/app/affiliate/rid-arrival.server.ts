import { type RouterContextProvider, redirect } from "react-router";
import { isSecureRequest } from "../account/session-cookie.server.ts";
import { localeFromPathname } from "../i18n/locale.ts";
import { webContext } from "../web-context.server.ts";
import { arrivalCookies, isRid, RID_COOKIE, urlWithoutRid } from "./rid-cookies.ts";

/**
 * A page read with `?rid=` (a partner's link): count the click for the partner's channel, set
 * the referral cookies on this very response, and send the visitor on to the same URL without
 * the rid (spec §4 "removed from the URL"), so the link is not shared or bookmarked with it.
 * A 302 with no-store: the answer depends on the visitor's cookies and must not be cached.
 * Returns nothing for any other request.
 */
export async function ridArrivalRedirect(
  context: Readonly<RouterContextProvider>,
  request: Request,
  url: URL,
): Promise<Response | undefined> {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  if (!url.searchParams.has(RID_COOKIE)) return undefined;
  const incoming = url.searchParams.get(RID_COOKIE);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const cookie of arrivalCookies(
    incoming ?? "",
    request.headers.get("cookie"),
    isSecureRequest(url),
  )) {
    headers.append("Set-Cookie", cookie);
  }
  if (isRid(incoming)) await countClick(context, incoming, url);
  return redirect(urlWithoutRid(url), { status: 302, headers });
}

/**
 * The click, counted by the API once per visitor, channel and day (it hashes the IP, never
 * stores it). A failure costs the partner one click, never the visitor the page.
 */
async function countClick(context: Readonly<RouterContextProvider>, rid: string, url: URL) {
  const { api, clientIp, log } = context.get(webContext);
  try {
    await api.affiliate.click({ ip: clientIp, lang: localeFromPathname(url.pathname) }, rid);
  } catch (error) {
    log.warn({ err: error }, "referral click was not counted");
  }
}
