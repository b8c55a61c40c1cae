import type { AffiliateBalance } from "@obmen/contracts";
import { affiliateLedgerLines, type Database, normaliseDecimal, type Transaction } from "@obmen/db";
import { eq, sql } from "drizzle-orm";

/**
 * A partner's balance, derived from the ledger (never stored): the sum of each of its
 * accounts' lines. `available` may be below zero only when a reward was reversed after it was
 * withdrawn (a debt the next rewards pay off); withdrawals never take it below zero.
 */
export async function partnerBalance(options: {
  db: Database | Transaction;
  partnerId: string;
  currency: string;
}): Promise<AffiliateBalance> {
  const rows = await options.db
    .select({
      account: affiliateLedgerLines.account,
      total: sql<string>`sum(${affiliateLedgerLines.amount})::text`,
    })
    .from(affiliateLedgerLines)
    .where(eq(affiliateLedgerLines.partnerId, options.partnerId))
    .groupBy(affiliateLedgerLines.account);
  const of = (account: string) =>
    normaliseDecimal(rows.find((row) => row.account === account)?.total ?? "0");
  return {
    available: of("available"),
    on_hold: of("on_hold"),
    paid: of("paid"),
    currency: options.currency,
  };
}
