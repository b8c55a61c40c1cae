import type { Recalculation } from "@obmen/contracts";
import { type Database, orderRecalculations, type Transaction } from "@obmen/db";
import { desc, eq } from "drizzle-orm";

type RecalculationRow = typeof orderRecalculations.$inferSelect;

/** A recalculation as both the console and the customer's order page read it. */
export function recalculationView(row: RecalculationRow): Recalculation {
  return {
    id: row.id,
    state: row.state,
    previous: {
      send_amount: row.previousSendAmount,
      receive_amount: row.previousReceiveAmount,
      rate: {
        send_rate: row.previousSendRate,
        receive_rate: row.previousReceiveRate,
        comission_amount: row.previousComissionAmount,
      },
    },
    current: {
      send_amount: row.sendAmount,
      receive_amount: row.receiveAmount,
      rate: {
        send_rate: row.sendRate,
        receive_rate: row.receiveRate,
        comission_amount: row.comissionAmount,
      },
    },
    comment: row.comment,
    refund_to: row.refundTo,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
  };
}

/** The order's newest recalculation row, or null. */
export async function loadLatestRecalculation(options: {
  db: Database | Transaction;
  orderId: string;
}): Promise<RecalculationRow | null> {
  const [row] = await options.db
    .select()
    .from(orderRecalculations)
    .where(eq(orderRecalculations.orderId, options.orderId))
    .orderBy(desc(orderRecalculations.id))
    .limit(1);
  return row ?? null;
}
