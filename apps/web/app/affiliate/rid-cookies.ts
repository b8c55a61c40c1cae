import { parseCookie, stringifySetCookie } from "cookie";

/*
 * The referral cookies (spec §4, §9; issue 18 point 1; docs/decisions/037-web-affiliate.md).
 * `rid` is the partner who brought the visitor first and lives 180 days; a visitor who then
 * follows a different partner's link keeps that one as the secondary cookie for 24 hours. The
 * server sets both on the page response, so attribution works without JavaScript. The spec's
 * last rule, "read the secondary first when a name is in session storage", is the browser's:
 * the arrival with a different rid marks the tab (RID_TAB_SCRIPT), and a marked tab's forms
 * say so with `rid_tab=1`, which `effectiveRid` reads.
 */

export const RID_COOKIE = "rid";
export const RID_SECONDARY_COOKIE = "rid_secondary";
/** Set beside the secondary cookie, read once by the next page's script, which clears it. */
export const RID_ARRIVED_COOKIE = "rid_arrived";
/** The name the tab keeps in session storage after arriving by a different partner's link. */
export const RID_SESSION_KEY = "obmen.rid_secondary";
/** The form field a marked tab adds to every form it posts. */
export const RID_TAB_FIELD = "rid_tab";

export const RID_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
export const RID_SECONDARY_MAX_AGE_SECONDS = 24 * 60 * 60;
const ARRIVED_MAX_AGE_SECONDS = 5 * 60;

/** A partner's code as a link may carry it (ours are 16 base32 characters); anything else is dropped. */
const RID = /^[A-Za-z0-9_-]{1,64}$/;

export function isRid(value: string | null | undefined): value is string {
  return typeof value === "string" && RID.test(value);
}

/** The referral cookies a request carries, each null when absent or not a rid. */
export function readRidCookies(cookieHeader: string | null): {
  rid: string | null;
  secondary: string | null;
} {
  const cookies = cookieHeader ? parseCookie(cookieHeader) : {};
  const rid = cookies[RID_COOKIE];
  const secondary = cookies[RID_SECONDARY_COOKIE];
  return { rid: isRid(rid) ? rid : null, secondary: isRid(secondary) ? secondary : null };
}

/**
 * The `Set-Cookie` values for a page request that arrived with `?rid=`:
 * - no `rid` cookie yet: `rid` for 180 days (the first partner keeps the visitor);
 * - the same rid again: nothing (the 180 days run from the first visit, not the last);
 * - a different rid: the secondary cookie for 24 hours, and the one-shot arrival marker.
 * Readable by the page's script (not HttpOnly): they name a partner, not the visitor.
 */
export function arrivalCookies(
  incoming: string,
  cookieHeader: string | null,
  secure: boolean,
): string[] {
  if (!isRid(incoming)) return [];
  const { rid } = readRidCookies(cookieHeader);
  const cookie = (name: string, value: string, maxAge: number) =>
    stringifySetCookie({ name, value, maxAge, path: "/", sameSite: "lax", secure });
  if (rid === null) return [cookie(RID_COOKIE, incoming, RID_MAX_AGE_SECONDS)];
  if (rid === incoming) return [];
  return [
    cookie(RID_SECONDARY_COOKIE, incoming, RID_SECONDARY_MAX_AGE_SECONDS),
    cookie(RID_ARRIVED_COOKIE, "1", ARRIVED_MAX_AGE_SECONDS),
  ];
}

/**
 * The same URL without `rid` (every occurrence), as the redirect's target: a path and query on
 * this site. Other parameters (`utm_*`, a page number) stay as they were.
 */
export function urlWithoutRid(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete(RID_COOKIE);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/**
 * The rid to pass to `/rest/user/register` and `/rest/exchange/create`: the secondary cookie
 * first when the posting tab holds the session-storage name (`rid_tab=1`), else `rid`. Without
 * JavaScript no tab is marked, so the first partner keeps the visitor.
 */
export function effectiveRid(cookieHeader: string | null, tabMarked: boolean): string | null {
  const { rid, secondary } = readRidCookies(cookieHeader);
  if (tabMarked) return secondary ?? rid;
  return rid ?? secondary;
}

/**
 * The browser's half (public/affiliate/rid-tab-v1.js, a file because the pages' CSP allows
 * scripts from 'self' and nonces only), loaded only for a visitor holding a secondary cookie:
 * it costs an ordinary visitor's home page nothing. The names above are written in it too
 * (rid-cookies.test.ts checks they agree).
 */
export const RID_TAB_SCRIPT_SRC = "/affiliate/rid-tab-v1.js";
