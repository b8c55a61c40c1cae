import type { Wallet } from "@obmen/contracts";
import type { UserWalletRow } from "@obmen/db";

/** A saved wallet as its owner sees it. */
export function walletView(row: UserWalletRow): Wallet {
  return {
    id: row.id,
    currency_id: row.currencyId,
    field_key: row.fieldKey,
    value: row.value,
    label: row.label,
    created_at: row.createdAt.toISOString(),
  };
}
