import { orderPaymentTargets, orders } from "@obmen/db";
import { gt, notInArray, or, type SQL } from "drizzle-orm";

/** Statuses after which only a late payment can still arrive (the grace period's). */
const ENDED = ["completed", "cancelled", "expired", "refunded"] as const;

/**
 * Whether an order's target is still watched (issue 28 point 5): while the order is open, and
 * for `graceMs` after it ended (its last change) or after its rate lock ran out, whichever is
 * later — late payments. The watcher reads exactly these targets, and a TRON amount stays
 * reserved to its order as long as they do, so a transfer never names two orders. Needs
 * `orders` joined to `order_payment_targets`.
 */
export function stillWatched(options: { now: Date; graceMs: number }): SQL {
  const since = new Date(options.now.getTime() - options.graceMs);
  return or(
    notInArray(orders.status, [...ENDED]),
    gt(orders.updatedAt, since),
    gt(orderPaymentTargets.watchUntil, options.now),
  )!;
}
