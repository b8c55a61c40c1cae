import type { PartnerBalance } from "@obmen/contracts";
import { affiliateLedgerLines, type Database, normaliseDecimal, type Transaction } from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { eq, sql } from "drizzle-orm";

/**
 * A partner's balance, derived from the ledger (never stored): the sum of each of its
 * accounts' lines. `available` never goes below zero: withdrawals check it under the partner's
 * lock, and a reward reversed after it was withdrawn leaves the shortfall on the `debt` account,
 * which the next credits pay off before `available` grows (decision 039). `debt` is what the
 * partner owes: that account's sum with its sign turned, zero or more.
 */
export async function partnerBalance(options: {
  db: Database | Transaction;
  partnerId: string;
  currency: string;
}): Promise<PartnerBalance> {
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
    // The `debt` account sums to zero or below; the partner is shown what it owes.
    debt: normaliseDecimal(toDecimal(of("debt")).times(-1).toFixed()),
  };
}
