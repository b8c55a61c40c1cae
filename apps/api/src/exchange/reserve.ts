import { reserveHolds, type Transaction } from "@obmen/db";
import { and, eq, sql } from "drizzle-orm";
import { availableReserve } from "../catalogue/available-reserve.ts";

/**
 * What is left of a currency's declared reserve after the holds of open orders, rounded down
 * to its decimals and never negative. Call it with the currency row locked, so the answer stays
 * true until the transaction ends.
 */
export async function availableReserveOf(
  tx: Transaction,
  options: { currencyId: number; reserve: string; decimals: number },
): Promise<string> {
  const [row] = await tx
    .select({ held: sql<string>`coalesce(sum(${reserveHolds.amount}), 0)::text` })
    .from(reserveHolds)
    .where(and(eq(reserveHolds.currencyId, options.currencyId), eq(reserveHolds.state, "held")));
  return availableReserve(options.reserve, row?.held, options.decimals);
}
