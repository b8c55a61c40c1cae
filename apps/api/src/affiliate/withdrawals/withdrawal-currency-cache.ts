import type { WithdrawalCurrency } from "@obmen/contracts";
import type { Database } from "@obmen/db";
import type { CatalogueChanges } from "../../catalogue/catalogue-changes.ts";
import { createChangeDroppedPerLanguage } from "../../catalogue/change-dropped-value.ts";
import type { AffiliateSettings } from "../affiliate-settings.ts";
import { listWithdrawalCurrencies } from "./withdrawal-currencies.ts";

export interface CachedWithdrawalCurrencies {
  list: WithdrawalCurrency[];
  byId: Map<number, WithdrawalCurrency>;
}

/**
 * The payout currencies and their field definitions per language, built on first use and
 * dropped on every catalogue change (the pair list's rule, change-dropped-value.ts), so a
 * withdrawal's form is checked without a query (issue 18's withdrawal_create_rps,
 * docs/decisions/041-withdrawal-create-batched.md). A currency or field edit publishes a
 * catalogue change on every replica; until it arrives a request is checked against the list as
 * it was, as an order's form is against its cached pair.
 */
export function createWithdrawalCurrencyCache(options: {
  db: Database;
  settings: AffiliateSettings;
  changes: CatalogueChanges;
}) {
  return createChangeDroppedPerLanguage({
    changes: options.changes,
    build: async (lang): Promise<CachedWithdrawalCurrencies> => {
      const list = await listWithdrawalCurrencies({
        db: options.db,
        settings: options.settings,
        lang,
      });
      return { list, byId: new Map(list.map((currency) => [currency.id, currency])) };
    },
  });
}

export type WithdrawalCurrencyCache = ReturnType<typeof createWithdrawalCurrencyCache>;
