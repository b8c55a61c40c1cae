import type { CurrencyPairEntry } from "@obmen/contracts";
import type { RouterContextProvider } from "react-router";
import type { Locale } from "../i18n/locale.ts";
import { webContext } from "../web-context.server.ts";

// One request's context → its pair list call. Loaders of one request run side by side (the
// site layout's list, the exchange page's pair, the shortcut's code check): they share one
// API call instead of each making its own.
const calls = new WeakMap<Readonly<RouterContextProvider>, Promise<CurrencyPairEntry[]>>();

/**
 * The active pairs from the API (`/rest/currency_pair/list`, cached there), at most once per
 * request. A failure rejects every loader that asked; each decides what that means for it.
 */
export function loadPairEntries(
  context: Readonly<RouterContextProvider>,
  locale: Locale,
): Promise<CurrencyPairEntry[]> {
  let call = calls.get(context);
  if (!call) {
    const { api, clientIp } = context.get(webContext);
    call = api.currencyPairs.list({ ip: clientIp, lang: locale });
    calls.set(context, call);
    // Handled by whoever awaits it; without this an unawaited failure would crash the process.
    call.catch(() => {});
  }
  return call;
}
