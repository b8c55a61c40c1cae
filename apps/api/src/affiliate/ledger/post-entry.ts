import {
  affiliateLedgerEntries,
  affiliateLedgerLines,
  type LedgerAccount,
  type LedgerEntryKind,
  type Transaction,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";

export interface LedgerLine {
  account: LedgerAccount;
  /** Signed decimal string; the lines of one entry sum to zero. */
  amount: string;
}

/**
 * Posts one movement on the affiliate ledger inside the caller's transaction: an entry and its
 * lines, which must sum to exactly zero (double entry). Nothing here edits an existing row; a
 * correction is another entry (docs/decisions/029-affiliate-ledger.md).
 */
export async function postEntry(options: {
  tx: Transaction;
  kind: LedgerEntryKind;
  partnerId: string;
  currency: string;
  orderId?: string;
  withdrawalId?: number;
  lines: readonly LedgerLine[];
}): Promise<number> {
  const sum = options.lines.reduce(
    (total, line) => total.plus(toDecimal(line.amount)),
    toDecimal("0"),
  );
  if (
    !sum.eq(0) ||
    options.lines.length < 2 ||
    options.lines.some((line) => toDecimal(line.amount).eq(0))
  ) {
    throw new Error(`a ${options.kind} entry must be two or more non-zero lines summing to zero`);
  }
  const [entry] = await options.tx
    .insert(affiliateLedgerEntries)
    .values({
      kind: options.kind,
      partnerId: options.partnerId,
      currency: options.currency,
      orderId: options.orderId ?? null,
      withdrawalId: options.withdrawalId ?? null,
    })
    .returning({ id: affiliateLedgerEntries.id });
  if (!entry) throw new Error("affiliate_ledger_entries insert returned no row");
  await options.tx.insert(affiliateLedgerLines).values(
    options.lines.map((line) => ({
      entryId: entry.id,
      account: line.account,
      partnerId: line.account === "house" ? null : options.partnerId,
      amount: line.amount,
    })),
  );
  return entry.id;
}

/** `amount` moved from one account to another: the two lines of a simple entry. */
export function transfer(from: LedgerAccount, to: LedgerAccount, amount: string): LedgerLine[] {
  return [
    { account: from, amount: toDecimal(amount).times(-1).toFixed() },
    { account: to, amount: toDecimal(amount).toFixed() },
  ];
}
