import { type Database, reserveHolds } from "@obmen/db";
import { roundDown, toDecimal } from "@obmen/domain";
import { eq, sql } from "drizzle-orm";

/** Declared reserve minus open holds, rounded down to the currency's places, never negative. */
export function availableReserve(
  reserve: string,
  held: string | undefined,
  decimals: number,
): string {
  const available = toDecimal(reserve).minus(held ?? "0");
  return available.lt(0) ? "0" : roundDown(available, decimals).toFixed();
}

/** What open orders hold per currency id (only currencies with a hold appear). */
export async function loadHeldAmounts(db: Database): Promise<Map<number, string>> {
  const rows = await db
    .select({
      currencyId: reserveHolds.currencyId,
      held: sql<string>`coalesce(sum(${reserveHolds.amount}), 0)::text`,
    })
    .from(reserveHolds)
    .where(eq(reserveHolds.state, "held"))
    .groupBy(reserveHolds.currencyId);
  return new Map(rows.map((row) => [row.currencyId, row.held]));
}
