import { type Database, orderRiskFlags } from "@obmen/db";
import {
  insertNewOrderIn,
  type NewOrder,
  type NewOrderOutcome,
} from "../orders/create/insert-new-orders.ts";
import type { OrderEffects } from "../orders/effects/order-effects.ts";
import { changeOrderStatus } from "../orders/lifecycle/change-order-status.ts";
import type { RiskFlag } from "./assess-order-risk.ts";

/**
 * A new order that risk flagged: created exactly as any other (`create_order`: its checks, hold,
 * `new` event and e-mail), then, in the same transaction, its flags written and the order moved
 * to `hold` by the `system` — never refused, and never left unheld by a crash in between
 * (DESIGN.md "Risk decides hold, never refusal"). The customer sees the ordinary `hold`
 * status ("an additional check"); only operators read the flags. Such orders are rare, so
 * they skip the batching of new-order-queue.ts.
 */
export async function holdRiskyOrder(options: {
  db: Database;
  effects: OrderEffects;
  item: NewOrder;
  flags: RiskFlag[];
}): Promise<NewOrderOutcome> {
  const { item } = options;
  return options.db.transaction(async (tx) => {
    const outcome = await insertNewOrderIn(tx, item);
    if (outcome.outcome !== "created") return outcome;
    await tx
      .insert(orderRiskFlags)
      .values(options.flags.map((flag) => ({ orderId: item.order.id, ...flag })));
    await changeOrderStatus({
      tx,
      effects: options.effects,
      orderId: item.order.id,
      to: "hold",
      actor: "system",
    });
    return outcome;
  });
}
