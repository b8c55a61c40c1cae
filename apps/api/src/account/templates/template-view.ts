import type { Template } from "@obmen/contracts";
import type { UserTemplateRow } from "@obmen/db";

/** A calculator template as its owner sees it. */
export function templateView(row: UserTemplateRow): Template {
  return {
    id: row.id,
    from_currency_id: row.fromCurrencyId,
    to_currency_id: row.toCurrencyId,
    amount: row.amount,
    created_at: row.createdAt.toISOString(),
  };
}
