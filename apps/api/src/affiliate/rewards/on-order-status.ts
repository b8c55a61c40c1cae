import type { OrderStatus } from "@obmen/contracts";
import type { orders, Transaction } from "@obmen/db";
import type { AffiliateSettings } from "../affiliate-settings.ts";
import { postOrderReward, reverseOrderReward } from "./post-order-reward.ts";

/**
 * The affiliate side of an operator's status change, in its transaction: a completion credits
 * the referring partner; a refund reverses a reward posted before (a no-op when there is none).
 */
export async function affiliateOnOrderStatus(options: {
  tx: Transaction;
  order: typeof orders.$inferSelect;
  to: OrderStatus;
  settings: AffiliateSettings;
}): Promise<void> {
  if (options.to === "completed") {
    await postOrderReward({ tx: options.tx, order: options.order, settings: options.settings });
  } else if (options.to === "refunded") {
    await reverseOrderReward({ tx: options.tx, orderId: options.order.id });
  }
}
