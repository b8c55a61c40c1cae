import { stringifySetCookie } from "cookie";
import { readCookie } from "../routing/auth-cookies.server.ts";

/**
 * The creator's proof for the orders this browser made (docs/decisions/052-moving-an-order-
 * needs-proof.md): `/rest/exchange/create` answers a `creator_key`, kept here and given back to
 * `info` (the e-mail in full) and `update` ("I paid", "cancel" without typing the e-mail).
 * HttpOnly, so no script reads it; SameSite=Lax, so a cross-site form cannot use it. Only the
 * few newest orders are kept: the cookie travels with every request to the site.
 */
export const ORDER_KEYS_COOKIE = "order_keys";
const MAX_ORDERS = 5;
/** Long after any order's rate lock: the e-mail stays readable in full for the creator. */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** `uuid~key`, the newest first, joined by dots: no character of either needs escaping. */
const ENTRY = /^([0-9a-f-]{36})~([A-Za-z0-9_-]{16,100})$/;

function readEntries(cookieHeader: string | null): Array<[string, string]> {
  const value = readCookie(cookieHeader, ORDER_KEYS_COOKIE) ?? "";
  const entries: Array<[string, string]> = [];
  for (const part of value.split(".")) {
    const match = ENTRY.exec(part);
    if (match) entries.push([match[1]!, match[2]!]);
  }
  return entries;
}

/** The key this browser holds for the order, if it created it. */
export function readCreatorKey(cookieHeader: string | null, orderId: string): string | undefined {
  return readEntries(cookieHeader).find(([id]) => id === orderId.toLowerCase())?.[1];
}

/** The cookie with the new order's key first, the oldest dropped past the limit. */
export function creatorKeyCookie(options: {
  cookieHeader: string | null;
  orderId: string;
  creatorKey: string;
  secure: boolean;
}): string {
  const orderId = options.orderId.toLowerCase();
  const kept = readEntries(options.cookieHeader).filter(([id]) => id !== orderId);
  const entries = [[orderId, options.creatorKey], ...kept].slice(0, MAX_ORDERS);
  return stringifySetCookie({
    name: ORDER_KEYS_COOKIE,
    value: entries.map(([id, key]) => `${id}~${key}`).join("."),
    maxAge: MAX_AGE_SECONDS,
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
  });
}
