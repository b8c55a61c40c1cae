import { AppError, ErrorCode, type OrderStatus } from "@obmen/contracts";
import { currencies, orders, reserveHolds, type Transaction } from "@obmen/db";
import { type ActorKind, canTransition, reserveHoldEffect } from "@obmen/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { OrderEffects } from "../effects/order-effects.ts";

export type OrderRow = typeof orders.$inferSelect;

/**
 * Moves one order to a new status inside the caller's transaction: the order row is locked,
 * the transition checked against the state machine, and the reserve hold released or consumed
 * in the same transaction as the status (DESIGN.md "Orders"). Returns the updated order.
 */
export async function changeOrderStatus(options: {
  tx: Transaction;
  effects: OrderEffects;
  orderId: string;
  to: OrderStatus;
  actor: ActorKind;
  actorId?: string | null;
  comment?: string | null;
  /** A completion's payout reference, written into the customer's letter. */
  payoutReference?: string | null;
  /** Extra condition under the lock (e.g. expiry only once the lock time has passed). */
  guard?: (order: OrderRow) => boolean;
}): Promise<OrderRow | null> {
  const { tx, orderId, to, actor } = options;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new AppError(ErrorCode.NOT_FOUND);
  if (options.guard && !options.guard(order)) return null;
  if (!canTransition({ from: order.status, to, actor })) {
    throw new AppError(ErrorCode.CONFLICT, {
      details: { exchange_status: order.status },
    });
  }

  const at = new Date();
  const [updated] = await tx
    .update(orders)
    .set({ status: to, updatedAt: at })
    .where(eq(orders.id, orderId))
    .returning();

  // A refund after completion moves no reserve: the hold was consumed (decision 039).
  const effect = reserveHoldEffect({ from: order.status, to });
  if (effect === "consume") {
    // Completion moves both currencies' reserves. Locking them first, in id order as every
    // batch of new orders does (insert-new-orders.ts), keeps the two from deadlocking.
    await tx
      .select({ id: currencies.id })
      .from(currencies)
      .where(inArray(currencies.id, [order.sendCurrencyId, order.receiveCurrencyId]))
      .orderBy(asc(currencies.id))
      .for("no key update");
  }
  if (effect !== "keep") {
    const [hold] = await tx
      .update(reserveHolds)
      .set({ state: effect === "release" ? "released" : "consumed", updatedAt: at })
      .where(and(eq(reserveHolds.orderId, orderId), eq(reserveHolds.state, "held")))
      .returning();
    if (hold && effect === "consume") {
      // The payout left the exchange: the declared reserve shrinks by it, and the money the
      // customer sent joins the send currency's reserve (docs/decisions/006-order-lifecycle.md).
      await tx
        .update(currencies)
        .set({ reserve: sql`greatest(${currencies.reserve} - ${hold.amount}, 0)` })
        .where(eq(currencies.id, order.receiveCurrencyId));
      await tx
        .update(currencies)
        .set({ reserve: sql`${currencies.reserve} + ${order.sendAmount}` })
        .where(eq(currencies.id, order.sendCurrencyId));
    }
  }
  await options.effects.recordChange({
    tx,
    order: updated!,
    status: to,
    actor,
    actorId: options.actorId ?? null,
    comment: options.comment ?? null,
    payoutReference: options.payoutReference ?? null,
    at,
  });
  return updated ?? null;
}
