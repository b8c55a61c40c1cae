import { currencies, type Database } from "@obmen/db";
import { roundDown, toDecimal } from "@obmen/domain";
import { gt } from "drizzle-orm";

/** Declared reserve minus open holds, rounded down to the currency's places, never negative. */
export function availableReserve(
  reserve: string,
  held: string | undefined,
  decimals: number,
): string {
  const available = toDecimal(reserve).minus(held ?? "0");
  return available.lt(0) ? "0" : roundDown(available, decimals).toFixed();
}

/**
 * What open orders hold per currency id (only currencies with a hold appear): the total the
 * database keeps on each currency row (`currencies.held`, migration 0003), so the read costs
 * the same however many orders are open.
 */
export async function loadHeldAmounts(db: Database): Promise<Map<number, string>> {
  const rows = await db
    .select({ currencyId: currencies.id, held: currencies.held })
    .from(currencies)
    .where(gt(currencies.held, "0"));
  return new Map(rows.map((row) => [row.currencyId, row.held]));
}
