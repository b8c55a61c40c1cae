import type { Database } from "@obmen/db";
import { orders } from "@obmen/db";
import { and, eq, lte } from "drizzle-orm";
import { changeExchangeStatus } from "./change-exchange-status.ts";
import type { OrderEffects } from "./order-effects.ts";

/**
 * The expiry job: an unpaid order past its rate lock becomes `expired` and its hold is
 * released. Checked again under the row lock, so a customer pressing "I paid" at the same
 * moment wins or loses cleanly, never both.
 */
export async function expireOrder(options: {
  db: Database;
  effects: OrderEffects;
  orderId: string;
  now?: Date;
}): Promise<boolean> {
  const now = options.now ?? new Date();
  const expired = await options.db.transaction((tx) =>
    changeExchangeStatus({
      tx,
      effects: options.effects,
      orderId: options.orderId,
      to: "expired",
      actor: "system",
      lang: "en",
      guard: (order) => order.status === "new" && order.expiresAt <= now,
    }),
  );
  if (expired) await options.effects.afterCommit({ reserveChanged: true });
  return expired !== null;
}

/** The safety net behind the per-order jobs: expires whatever is due, in small batches. */
export async function expireDueOrders(options: {
  db: Database;
  effects: OrderEffects;
  limit?: number;
}): Promise<number> {
  const now = new Date();
  const due = await options.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "new"), lte(orders.expiresAt, now)))
    .limit(options.limit ?? 100);
  let count = 0;
  for (const { id } of due) {
    if (await expireOrder({ db: options.db, effects: options.effects, orderId: id, now })) count++;
  }
  return count;
}
