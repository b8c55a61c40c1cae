import { type Database, paymentTransfers } from "@obmen/db";
import { sql } from "drizzle-orm";
import type { ObservedTransfer } from "./payment-source.ts";

/**
 * What a source saw for one order, written down: a row per transaction id, its amount and
 * confirmations brought up to date (a reorganisation may lower them). A transfer already
 * credited keeps the amount it was credited with. Idempotent: the same observation twice, or
 * from two replicas, writes the same rows.
 */
export async function recordObservedTransfers(options: {
  db: Database;
  orderId: string;
  transfers: ObservedTransfer[];
}): Promise<void> {
  if (options.transfers.length === 0) return;
  // One row per transaction id even when a source lists one twice.
  const byTx = new Map(options.transfers.map((transfer) => [transfer.txId, transfer]));
  await options.db
    .insert(paymentTransfers)
    .values(
      [...byTx.values()].map((transfer) => ({
        orderId: options.orderId,
        txId: transfer.txId,
        amount: transfer.amount,
        confirmations: transfer.confirmations,
      })),
    )
    .onConflictDoUpdate({
      target: [paymentTransfers.orderId, paymentTransfers.txId],
      set: {
        confirmations: sql`excluded.confirmations`,
        amount: sql`case when ${paymentTransfers.creditedAt} is null then excluded.amount else ${paymentTransfers.amount} end`,
      },
    });
}
