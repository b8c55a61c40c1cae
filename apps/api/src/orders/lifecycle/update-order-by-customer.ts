import { AppError, ErrorCode, type OrderStatus } from "@obmen/contracts";
import type { Database } from "@obmen/db";
import { isCustomerStatus } from "@obmen/domain";
import type { OrderEffects } from "../effects/order-effects.ts";
import { changeOrderStatus } from "./change-order-status.ts";
import { expireOrder } from "./expire-order.ts";

/**
 * `/rest/exchange/update`: the customer marks the order paid or cancels it, both only from
 * `new` and only while the rate lock lasts. Anything else is refused and changes nothing.
 */
export async function updateOrderByCustomer(options: {
  db: Database;
  effects: OrderEffects;
  orderId: string;
  status: OrderStatus;
}): Promise<{ exchange_uuid: string; exchange_status: OrderStatus }> {
  const { db, effects, orderId, status } = options;
  if (!isCustomerStatus(status)) {
    throw new AppError(ErrorCode.FORBIDDEN, {
      fields: { exchange_status: { key: "Errors.FORBIDDEN" } },
    });
  }
  const now = new Date();
  const updated = await db.transaction((tx) =>
    changeOrderStatus({
      tx,
      effects,
      orderId,
      to: status,
      actor: "customer",
      // Past the rate lock the order is expired, whether or not the job has run yet.
      guard: (order) => !(order.status === "new" && order.expiresAt <= now),
    }),
  );
  if (!updated) {
    await expireOrder({ db, effects, orderId, now });
    throw new AppError(ErrorCode.CONFLICT, {
      details: { exchange_status: "expired" },
    });
  }
  await effects.afterCommit({ reserveChanged: status === "cancelled" });
  return { exchange_uuid: updated.id, exchange_status: updated.status };
}
