import { AppError, ErrorCode, type OrderStatus } from "@obmen/contracts";
import type { Database } from "@obmen/db";
import { isCustomerStatus } from "@obmen/domain";
import type { OrderCreatorKeys } from "../creator/creator-keys.ts";
import { checkOrderMover, type OrderMoverProof } from "../creator/order-mover-proof.ts";
import type { OrderEffects } from "../effects/order-effects.ts";
import { changeOrderStatus } from "./change-order-status.ts";
import { expireOrder } from "./expire-order.ts";

/**
 * `/rest/exchange/update`: the customer marks the order paid or cancels it, both only from
 * `new` and only while the rate lock lasts, and only with a proof beyond the link: the
 * creator's key, the owner's session or the order's e-mail (decision 052). Anything else is
 * refused and changes nothing.
 */
export async function updateOrderByCustomer(options: {
  db: Database;
  effects: OrderEffects;
  orderId: string;
  status: OrderStatus;
  proof: OrderMoverProof;
  keys: OrderCreatorKeys;
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
      guard: (order) => {
        // Read under the row's lock; a refusal throws, so the transaction changes nothing.
        checkOrderMover({ order, proof: options.proof, keys: options.keys });
        // Past the rate lock the order is expired, whether or not the job has run yet.
        return !(order.status === "new" && order.expiresAt <= now);
      },
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
