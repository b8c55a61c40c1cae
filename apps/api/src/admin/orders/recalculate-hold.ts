import { AppError, ErrorCode } from "@obmen/contracts";
import { type orders, reserveHolds, type Transaction } from "@obmen/db";
import { compareDecimals } from "@obmen/domain";
import { eq } from "drizzle-orm";
import { availableForOrder } from "./recalculate-pricing.ts";

/**
 * Holds the recalculated receive amount instead of the old one, in the caller's transaction
 * (issue 14: the reserve moves with the order). An expired order's hold was released; a late
 * payment takes it again, so the check is the create's: the currency locked, and the new amount
 * within its reserve less what others hold. When it does not fit, 409 INSUFFICIENT_RESERVE and
 * nothing moves (the caller's transaction rolls back): never promise what is not there.
 * The trigger on `reserve_holds` keeps `currency_held` in step with the row.
 */
export async function moveHoldForRecalculation(options: {
  tx: Transaction;
  order: typeof orders.$inferSelect;
  amount: string;
}): Promise<{ before: { amount: string; state: string } | null }> {
  const { tx, order, amount } = options;
  const [hold] = await tx.select().from(reserveHolds).where(eq(reserveHolds.orderId, order.id));
  const ownHold = hold?.state === "held" ? hold.amount : "0";
  const available = await availableForOrder({ tx, order, ownHold, lock: true });
  if (compareDecimals(amount, available) > 0) {
    throw new AppError(ErrorCode.INSUFFICIENT_RESERVE, { details: { available } });
  }
  const at = new Date();
  if (hold) {
    await tx
      .update(reserveHolds)
      .set({ amount, state: "held", currencyId: order.receiveCurrencyId, updatedAt: at })
      .where(eq(reserveHolds.orderId, order.id));
  } else {
    await tx
      .insert(reserveHolds)
      .values({ orderId: order.id, currencyId: order.receiveCurrencyId, amount });
  }
  return { before: hold ? { amount: hold.amount, state: hold.state } : null };
}
