import type { OrderRiskFlag } from "@obmen/contracts";
import { type Database, orderRiskFlags, type Transaction } from "@obmen/db";
import { asc, eq } from "drizzle-orm";

/** Why the system held an order when it was created, oldest first (the desk's order view). */
export async function loadRiskFlags(options: {
  db: Database | Transaction;
  orderId: string;
}): Promise<OrderRiskFlag[]> {
  const rows = await options.db
    .select()
    .from(orderRiskFlags)
    .where(eq(orderRiskFlags.orderId, options.orderId))
    .orderBy(asc(orderRiskFlags.id));
  return rows.map((row) => ({
    source: row.source,
    kind: row.kind,
    shown: row.shown,
    reason: row.reason,
    details: row.details,
    at: row.createdAt.toISOString(),
  }));
}
