import { findCode, findPair, type PairCodes } from "../catalogue/select-options.ts";

/** The order view of a pair: `/exchange/BTC/SBERRUB` (without a locale prefix). */
export function exchangePath(send: string, receive: string): string {
  return `/exchange/${encodeURIComponent(send)}/${encodeURIComponent(receive)}`;
}

/** The select view, with the send currency chosen when given: `/BTC`, or `/`. */
export function selectPath(send: string | null): string {
  return send === null ? "/" : `/${encodeURIComponent(send)}`;
}

/** Where `/{from}/{to?}` leads (spec §2): a page to render, a permanent move, or nothing. */
export type ShortcutOutcome =
  | { type: "select"; send: string }
  | { type: "redirect"; path: string }
  | { type: "not-found" };

// Classic exchanger sitemap links: `/exchange_BTC_to_SBERRUB` (spec §2 `/exchange{suffix}`).
const SITEMAP_LINK = /^exchange_(.+?)_to_(.+)$/i;

/**
 * Reads the shortcut route's segments against the active pairs. Codes are case-insensitive,
 * and a spelling other than the canonical one moves (301) to it, so every page has one address:
 * - `/BTC` is the select view with Bitcoin chosen to send;
 * - `/BTC/SBERRUB` moves to `/exchange/BTC/SBERRUB`, the pair's one address (its form posts
 *   there, and one URL per page keeps caches and search engines simple);
 * - `/exchange_BTC_to_SBERRUB` moves there too; `/exchange` moves home, `/exchange/BTC` to `/BTC`.
 * Anything else, or a pair that is not active, is not found.
 */
export function resolveShortcut(
  catalogue: PairCodes,
  from: string,
  to: string | undefined,
): ShortcutOutcome {
  const notFound = { type: "not-found" } as const;
  const redirect = (path: string) => ({ type: "redirect", path }) as const;

  if (from.toLowerCase() === "exchange") {
    if (to === undefined) return redirect("/");
    const send = findCode(catalogue, "send", to);
    return send === null ? notFound : redirect(selectPath(send));
  }
  const sitemap = SITEMAP_LINK.exec(from);
  if (sitemap) {
    const found = to === undefined ? findPair(catalogue, sitemap[1]!, sitemap[2]!) : null;
    return found === null ? notFound : redirect(exchangePath(found.send, found.receive));
  }
  const send = findCode(catalogue, "send", from);
  if (send === null) return notFound;
  if (to !== undefined) {
    const found = findPair(catalogue, from, to);
    return found === null ? notFound : redirect(exchangePath(found.send, found.receive));
  }
  return send === from ? { type: "select", send } : redirect(selectPath(send));
}

/**
 * Where an exchange page address other than the pair's own should move (301), or null when it
 * is the one: another spelling of the codes (`/exchange/btc/sberrub`), or any suffix after
 * them (spec §2 "optional suffix": `/exchange/BTC/SBERRUB/old-campaign-slug`), which carries
 * no meaning of its own here.
 */
export function exchangeRedirect(
  params: { from: string; to: string; suffix?: string },
  canonical: { send: string; receive: string },
): string | null {
  const same = params.from === canonical.send && params.to === canonical.receive;
  return same && params.suffix === undefined
    ? null
    : exchangePath(canonical.send, canonical.receive);
}
