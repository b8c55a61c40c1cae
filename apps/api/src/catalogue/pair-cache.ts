import type { CurrencyPairEntry, Locale } from "@obmen/contracts";
import { SerializedData } from "../http/signed-route.ts";
import type { CatalogueChanges } from "./catalogue-changes.ts";

export interface CachedPairList {
  entries: CurrencyPairEntry[];
  byId: Map<number, CurrencyPairEntry>;
  /** The list serialized once, so a cache hit costs no JSON encoding. */
  response: SerializedData;
}

/**
 * The pair list per language, built on first use and dropped on any catalogue change.
 * Concurrent misses share one load, so a burst after a rate change costs one query.
 */
export function createPairCache(options: {
  load: (lang: Locale) => Promise<CurrencyPairEntry[]>;
  changes: CatalogueChanges;
}) {
  let generation = 0;
  const cached = new Map<Locale, CachedPairList>();
  const loading = new Map<Locale, Promise<CachedPairList>>();
  options.changes.subscribe(() => {
    generation++;
    cached.clear();
    loading.clear();
  });

  async function get(lang: Locale): Promise<CachedPairList> {
    const hit = cached.get(lang);
    if (hit) return hit;
    let pending = loading.get(lang);
    if (!pending) {
      const startedAt = generation;
      pending = options.load(lang).then((entries) => {
        const list = {
          entries,
          byId: new Map(entries.map((e) => [e.id, e])),
          response: new SerializedData(JSON.stringify(entries)),
        };
        // A change that landed during the load makes this result stale: serve it, don't keep it.
        if (startedAt === generation) cached.set(lang, list);
        loading.delete(lang);
        return list;
      });
      pending.catch(() => loading.delete(lang));
      loading.set(lang, pending);
    }
    return pending;
  }

  return { get };
}

export type PairCache = ReturnType<typeof createPairCache>;
