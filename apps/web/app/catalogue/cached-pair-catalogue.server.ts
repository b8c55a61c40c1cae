import type { RouterContextProvider } from "react-router";
import type { Locale } from "../i18n/locale.ts";
import { loadPairEntries } from "./load-pair-entries.server.ts";
import { type PairCatalogue, toPairCatalogue } from "./pair-catalogue.ts";

/**
 * How long one locale's pair list serves the select view and every page's start-up data. Short
 * enough that nobody sees an old rate (the exchange page loads its own pair fresh, and the API
 * checks every amount again); long enough that under load the list is fetched, parsed and
 * shaped a few times a second instead of on every page view (docs/performance.md: it was a
 * fifth of the home page's CPU). A time bound, not an invalidation, because the web tier may
 * run apart from the API (API_URL) and then hears of no catalogue change.
 */
export const PAIR_CATALOGUE_TTL_MS = 1_000;

/**
 * The catalogue and its JSON text. Pages get the text: a loader's data is serialised per
 * request value by value (turbo-stream), and the catalogue's ~600 values cost more than the
 * one string they make up, which is made once per load here.
 */
export interface CachedPairCatalogue {
  catalogue: PairCatalogue;
  json: string;
}

const cache = new Map<Locale, { loadedAt: number; catalogue: Promise<CachedPairCatalogue> }>();

/** The pair catalogue for display, at most `PAIR_CATALOGUE_TTL_MS` old; failures are not kept. */
export function cachedPairCatalogue(
  context: Readonly<RouterContextProvider>,
  locale: Locale,
  now = Date.now(),
): Promise<CachedPairCatalogue> {
  const hit = cache.get(locale);
  if (hit && now - hit.loadedAt < PAIR_CATALOGUE_TTL_MS) return hit.catalogue;
  // Requests arriving while it loads share this one call.
  const catalogue = loadPairEntries(context, locale).then((entries) => {
    const shaped = toPairCatalogue(entries, locale);
    return { catalogue: shaped, json: JSON.stringify(shaped) };
  });
  const entry = { loadedAt: now, catalogue };
  cache.set(locale, entry);
  catalogue.catch(() => {
    // The next request asks again instead of getting the same failure for a second.
    if (cache.get(locale) === entry) cache.delete(locale);
  });
  return catalogue;
}
