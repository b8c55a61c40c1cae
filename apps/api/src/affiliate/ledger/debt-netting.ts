import { affiliateLedgerLines, affiliatePartners, type Transaction } from "@obmen/db";
import { type Decimal, toDecimal } from "@obmen/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { LedgerLine } from "./post-entry.ts";

/**
 * The lines of a reward reversal (decision 039): the reward goes back to the house, taken from
 * `available` as far as it reaches and the rest recorded as the partner's `debt` (a negative
 * line), so `available` never goes below zero even when the reward was already withdrawn.
 */
export function reversalLines(options: {
  amount: Decimal | string;
  available: Decimal | string;
}): LedgerLine[] {
  const amount = toDecimal(options.amount);
  const available = atLeastZero(toDecimal(options.available));
  const taken = available.lt(amount) ? available : amount;
  const owed = amount.minus(taken);
  return [
    ...(taken.gt(0) ? [{ account: "available" as const, amount: taken.times(-1).toFixed() }] : []),
    ...(owed.gt(0) ? [{ account: "debt" as const, amount: owed.times(-1).toFixed() }] : []),
    { account: "house", amount: amount.toFixed() },
  ];
}

/**
 * The lines of money reaching a partner from `from` (a reward from the house, a rejected
 * withdrawal's hold): a debt is paid off first, the rest becomes `available` (decision 039).
 */
export function creditLines(options: {
  from: LedgerLine["account"];
  amount: Decimal | string;
  /** What the partner owes: minus the `debt` account's sum, zero or more. */
  owed: Decimal | string;
}): LedgerLine[] {
  const amount = toDecimal(options.amount);
  const owed = atLeastZero(toDecimal(options.owed));
  const repaid = owed.lt(amount) ? owed : amount;
  const rest = amount.minus(repaid);
  return [
    { account: options.from, amount: amount.times(-1).toFixed() },
    ...(repaid.gt(0) ? [{ account: "debt" as const, amount: repaid.toFixed() }] : []),
    ...(rest.gt(0) ? [{ account: "available" as const, amount: rest.toFixed() }] : []),
  ];
}

function atLeastZero(value: Decimal): Decimal {
  return value.lt(0) ? toDecimal("0") : value;
}

/**
 * Locks the partner's row and sums its `available` balance and what it owes. `FOR NO KEY
 * UPDATE` conflicts with the `FOR UPDATE` that `create_withdrawal` takes and with itself, so a
 * withdrawal and a reversal or a credit of one partner never interleave, from any process; it
 * does not conflict with the KEY SHARE lock an order created with the partner's rid takes
 * through its referral's foreign key, so a completion never holds up new orders.
 */
export async function lockPartnerBalance(options: {
  tx: Transaction;
  partnerId: string;
}): Promise<{ available: Decimal; owed: Decimal }> {
  const { tx, partnerId } = options;
  await tx
    .select({ id: affiliatePartners.userId })
    .from(affiliatePartners)
    .where(eq(affiliatePartners.userId, partnerId))
    .for("no key update");
  const rows = await tx
    .select({
      account: affiliateLedgerLines.account,
      total: sql<string>`sum(${affiliateLedgerLines.amount})::text`,
    })
    .from(affiliateLedgerLines)
    .where(
      and(
        eq(affiliateLedgerLines.partnerId, partnerId),
        inArray(affiliateLedgerLines.account, ["available", "debt"]),
      ),
    )
    .groupBy(affiliateLedgerLines.account);
  const total = (account: string) =>
    toDecimal(rows.find((row) => row.account === account)?.total ?? "0");
  return { available: total("available"), owed: total("debt").times(-1) };
}
