import type { CurrencyPairEntry, Locale } from "@obmen/contracts";
import type { CachedPairList, PairCache } from "../../catalogue/pair-cache.ts";

type PairQuery = { lang: Locale; pairId: number };

/**
 * The pair entries a create checks its form against (create-order.ts). Every order moves a
 * reserve, which drops the cached pair list (at most once a second: create-order-effects.ts);
 * under a rush the next create, and every create behind it, would wait for the rebuild. So a create
 * first uses the list as last built, while the rebuild runs: the database checks what the
 * order depends on when it writes it — rate, where to pay, pair and currencies active, the
 * reserve (create_order) — so a stale entry cannot let through what it should not. A refusal
 * found in Node is confirmed against the `current` list before it is sent, so no customer is
 * refused on a stale entry either.
 */
export interface QuotedPairs {
  /** From the list as last built, not waiting for a rebuild in progress. */
  latest(query: PairQuery): Promise<CurrencyPairEntry | undefined>;
  /** From the list as it is now, waiting for a rebuild in progress. */
  current(query: PairQuery): Promise<CurrencyPairEntry | undefined>;
}

export function createQuotedPairs(pairCache: PairCache): QuotedPairs {
  const lastBuilt = new Map<Locale, CachedPairList>();
  const currentList = async (lang: Locale) => {
    const list = await pairCache.get(lang);
    lastBuilt.set(lang, list);
    return list;
  };
  return {
    async latest({ lang, pairId }) {
      const building = currentList(lang);
      const last = lastBuilt.get(lang);
      // A pair the last list lacks may be new: that one waits for the current list.
      if (!last?.byId.has(pairId)) return (await building).byId.get(pairId);
      // A failed rebuild is retried, and reported, by the next create that waits for it.
      building.catch(() => {});
      return last.byId.get(pairId);
    },
    async current({ lang, pairId }) {
      return (await currentList(lang)).byId.get(pairId);
    },
  };
}
