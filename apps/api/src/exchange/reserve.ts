import { currencies, reserveHolds, type Transaction } from "@obmen/db";
import { and, eq, sql } from "drizzle-orm";
import { availableReserve } from "../catalogue/available-reserve.ts";

/**
 * Locks the currency's row for a reserve hold and returns its declared reserve (null when the
 * currency is inactive). Every hold on the currency queues here, from any process. `no key
 * update`, not `update`: it still excludes every other hold-taker (and the operator's reserve
 * edits), but not the key-share locks that foreign keys take, so orders that merely refer to
 * the currency (an order paying it in, or this order's own row) never wait for it.
 */
export async function lockReserve(tx: Transaction, currencyId: number): Promise<string | null> {
  const [row] = await tx
    .select({ reserve: currencies.reserve })
    .from(currencies)
    .where(and(eq(currencies.id, currencyId), eq(currencies.active, true)))
    .for("no key update");
  return row?.reserve ?? null;
}

/**
 * Writes the hold only if it fits: open holds + amount ≤ reserve, in one statement. Call it
 * after `lockReserve`, in a LATER statement: under READ COMMITTED each statement sees what
 * committed before it began, so this sum includes the hold of whoever had the lock before
 * (a sum inside the locking statement would use a snapshot from before the wait). `amount`
 * is already rounded to the currency's places, so comparing with the unrounded difference is
 * the same as comparing with the available reserve. True when the hold was written.
 */
export async function holdIfAvailable(
  tx: Transaction,
  options: { orderId: string; currencyId: number; amount: string; reserve: string },
): Promise<boolean> {
  const { orderId, currencyId, amount, reserve } = options;
  const result = await tx.execute(sql`
    insert into ${reserveHolds} (order_id, currency_id, amount, state)
    select ${orderId}::uuid, ${currencyId}::integer, ${amount}::numeric, 'held'
    where (
      select coalesce(sum(${reserveHolds.amount}), 0) from ${reserveHolds}
      where ${reserveHolds.currencyId} = ${currencyId}::integer and ${reserveHolds.state} = 'held'
    ) + ${amount}::numeric <= ${reserve}::numeric
    returning order_id`);
  return result.rows.length === 1;
}

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
