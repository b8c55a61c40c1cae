import type { CurrencyPairEntry, Locale, UserOrderListItem } from "@obmen/contracts";
import { currencies, type Database, paySystems } from "@obmen/db";
import { eq, inArray } from "drizzle-orm";
import type { PairCache } from "../../catalogue/pair-cache.ts";
import { paySystemName } from "../../catalogue/pay-system-name.ts";

export type CurrencyLabel = UserOrderListItem["send_currency"];

/** The labels of one cached pair list, built once per list (a catalogue change makes a new one). */
const labelsOfList = new WeakMap<CurrencyPairEntry[], Map<number, CurrencyLabel>>();

/**
 * How a history row names its currencies (`{id, name, code}`, name in the reader's language).
 * Taken from the cached pair list, which already holds every currency in service, so a history
 * page costs one query; a currency no pair offers any more (an old order's) is read from the
 * database.
 */
export async function currencyLabels(options: {
  db: Database;
  pairCache: PairCache;
  lang: Locale;
  ids: number[];
}): Promise<Map<number, CurrencyLabel>> {
  const { entries } = await options.pairCache.get(options.lang);
  let labels = labelsOfList.get(entries);
  if (!labels) {
    labels = new Map();
    for (const { currency_pair } of entries) {
      for (const currency of [currency_pair.send_currency, currency_pair.receive_currency]) {
        labels.set(currency.id, {
          id: currency.id,
          name: currency.pay_system.name,
          code: currency.currency_code.name,
        });
      }
    }
    labelsOfList.set(entries, labels);
  }
  const missing = [...new Set(options.ids)].filter((id) => !labels.has(id));
  if (missing.length === 0) return labels;
  const rows = await options.db
    .select({ currency: currencies, paySystem: paySystems })
    .from(currencies)
    .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
    .where(inArray(currencies.id, missing));
  const found = new Map(labels);
  for (const { currency, paySystem } of rows) {
    found.set(currency.id, {
      id: currency.id,
      name: paySystemName(paySystem, options.lang),
      code: currency.currencyCode,
    });
  }
  return found;
}
