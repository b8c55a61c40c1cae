import type { CurrencyPairEntry, Locale } from "@obmen/contracts";
import { SerializedData } from "../http/signed-route.ts";
import type { CatalogueChanges } from "./catalogue-changes.ts";
import { createChangeDroppedPerLanguage } from "./change-dropped-value.ts";
import type { LoadedPairs } from "./load-currency-pairs.ts";

export interface CachedPairList {
  entries: CurrencyPairEntry[];
  /**
   * The soonest moment an automatic rate in the list passes its freshness limit (epoch ms), or
   * null: the list is rebuilt then, dropping that pair (decision 056).
   */
  freshUntil: number | null;
  byId: Map<number, CurrencyPairEntry>;
  /**
   * The list serialized once, on first use, so a cache hit costs no JSON encoding. Lazy: a rush
   * of orders rebuilds the list a few times a second for their checks alone (quoted-pairs.ts),
   * and serializing 100 KB each time stalled every request behind it for no reader.
   */
  readonly response: SerializedData;
}

/**
 * The pair list per language, built on first use and dropped on any catalogue change, so a
 * burst after a rate change costs one query per language.
 */
export function createPairCache(options: {
  load: (lang: Locale) => Promise<LoadedPairs>;
  changes: CatalogueChanges;
}) {
  return createChangeDroppedPerLanguage<CachedPairList>({
    changes: options.changes,
    expiresAt: (list) => list.freshUntil,
    build: async (lang): Promise<CachedPairList> => {
      const { entries, freshUntil } = await options.load(lang);
      let response: SerializedData | undefined;
      return {
        entries,
        freshUntil,
        byId: new Map(entries.map((entry) => [entry.id, entry])),
        get response() {
          response ??= new SerializedData(JSON.stringify(entries));
          return response;
        },
      };
    },
  });
}

export type PairCache = ReturnType<typeof createPairCache>;
