import { type CurrencyPairEntry, LOCALES, type Locale } from "@obmen/contracts";
import { SerializedData } from "../http/signed-route.ts";
import type { CatalogueChanges } from "./catalogue-changes.ts";
import { createChangeDroppedValue } from "./change-dropped-value.ts";

export interface CachedPairList {
  entries: CurrencyPairEntry[];
  byId: Map<number, CurrencyPairEntry>;
  /** The list serialized once, so a cache hit costs no JSON encoding. */
  response: SerializedData;
}

/**
 * The pair list per language, built on first use and dropped on any catalogue change, so a
 * burst after a rate change costs one query per language.
 */
export function createPairCache(options: {
  load: (lang: Locale) => Promise<CurrencyPairEntry[]>;
  changes: CatalogueChanges;
}) {
  const byLang = new Map(
    LOCALES.map((lang) => [
      lang,
      createChangeDroppedValue({
        changes: options.changes,
        build: async (): Promise<CachedPairList> => {
          const entries = await options.load(lang);
          return {
            entries,
            byId: new Map(entries.map((entry) => [entry.id, entry])),
            response: new SerializedData(JSON.stringify(entries)),
          };
        },
      }),
    ]),
  );
  return { get: (lang: Locale) => byLang.get(lang)!.get() };
}

export type PairCache = ReturnType<typeof createPairCache>;
