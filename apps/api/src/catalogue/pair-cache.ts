import type { CurrencyPairEntry, Locale } from "@obmen/contracts";
import { SerializedData } from "../http/signed-route.ts";
import type { CatalogueChanges } from "./catalogue-changes.ts";
import { createChangeDroppedPerLanguage } from "./change-dropped-value.ts";

export interface CachedPairList {
  entries: CurrencyPairEntry[];
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
  load: (lang: Locale) => Promise<CurrencyPairEntry[]>;
  changes: CatalogueChanges;
}) {
  return createChangeDroppedPerLanguage({
    changes: options.changes,
    build: async (lang): Promise<CachedPairList> => {
      const entries = await options.load(lang);
      let response: SerializedData | undefined;
      return {
        entries,
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
