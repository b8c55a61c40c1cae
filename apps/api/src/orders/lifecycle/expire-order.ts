import type { Database } from "@obmen/db";
import { orderPaymentTargets, orders, paymentTransfers } from "@obmen/db";
import { and, eq, gt, lte, notExists, sql } from "drizzle-orm";
import type { OrderEffects } from "../effects/order-effects.ts";
import { changeOrderStatus } from "./change-order-status.ts";

/**
 * An unpaid order past its rate lock becomes `expired` and its hold is released. Checked again
 * under the row lock, so a customer pressing "I paid" at the same moment wins or loses cleanly,
 * never both.
 */
export async function expireOrder(options: {
  db: Database;
  effects: OrderEffects;
  orderId: string;
  now?: Date;
}): Promise<boolean> {
  const now = options.now ?? new Date();
  const expired = await options.db.transaction((tx) =>
    changeOrderStatus({
      tx,
      effects: options.effects,
      orderId: options.orderId,
      to: "expired",
      actor: "system",
      guard: (order) => order.status === "new" && order.expiresAt <= now,
    }),
  );
  if (expired) await options.effects.afterCommit({ reserveChanged: true });
  return expired !== null;
}

/**
 * The sweep: expires whatever is due, a batch of `limit` at a time until none is left, each
 * order in its own short transaction. Also catches orders whose rate lock ended while no
 * process ran jobs.
 */
export async function expireDueOrders(options: {
  db: Database;
  effects: OrderEffects;
  limit?: number;
}): Promise<number> {
  const limit = options.limit ?? 100;
  const now = new Date();
  let count = 0;
  for (;;) {
    const due = await options.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, "new"),
          lte(orders.expiresAt, now),
          // A payment the watcher saw in time waits for its confirmations, not for expiry
          // (issue 28); while its address is still watched.
          notExists(
            options.db
              .select({ one: sql`1` })
              .from(paymentTransfers)
              .innerJoin(
                orderPaymentTargets,
                eq(orderPaymentTargets.orderId, paymentTransfers.orderId),
              )
              .where(
                and(
                  eq(paymentTransfers.orderId, orders.id),
                  lte(paymentTransfers.seenAt, orders.expiresAt),
                  gt(orderPaymentTargets.watchUntil, now),
                ),
              ),
          ),
        ),
      )
      .orderBy(orders.expiresAt)
      .limit(limit);
    let expired = 0;
    for (const { id } of due) {
      if (await expireOrder({ db: options.db, effects: options.effects, orderId: id, now })) {
        expired++;
      }
    }
    count += expired;
    // A full batch may have more behind it; one where nothing could expire would repeat.
    if (due.length < limit || expired === 0) return count;
  }
}
