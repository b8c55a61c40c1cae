import type { Withdrawal } from "@obmen/contracts";
import type { affiliateWithdrawals } from "@obmen/db";

export type WithdrawalRow = typeof affiliateWithdrawals.$inferSelect;

/** A withdrawal as its partner reads it (no payout details: the partner typed them). */
export function withdrawalView(
  row: WithdrawalRow,
  payoutCurrency: { id: number; name: string; code: string },
): Withdrawal {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    payout_currency: payoutCurrency,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    reference: row.reference,
    reason: row.reason,
  };
}
