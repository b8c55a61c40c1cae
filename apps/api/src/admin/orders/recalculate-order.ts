import { type AdminRecalculateRequest, AppError, ErrorCode } from "@obmen/contracts";
import { type Database, orderRecalculations, orders } from "@obmen/db";
import { AWAITING_ANSWER_STATUS, canRecalculate } from "@obmen/domain";
import { and, eq } from "drizzle-orm";
import type { OrderEffects } from "../../orders/effects/order-effects.ts";
import type { AuditActor } from "../audit/write-audit.ts";
import { applyRecalculation } from "./apply-recalculation.ts";

/**
 * `POST /admin/api/orders/{uuid}/recalculate` (issue 14 point 3, decision 035): a late
 * payment, or a different amount, priced again at the pair's current rate. One transaction:
 * the order row locked and its status checked (409 CONFLICT where recalculating makes no
 * sense, so of two operators racing the second sees the first's answer), the new amounts
 * quoted by the create's rules, the reserve hold moved to the new receive amount (409
 * INSUFFICIENT_RESERVE when the reserve cannot cover it), an open question replaced, the
 * order's amounts and rate rewritten and the order put in `hold` to wait for the customer,
 * the event with the operator as actor, the customer's letter and the audit row.
 */
export async function recalculateOrder(options: {
  db: Database;
  effects: OrderEffects;
  appUrl: string;
  orderId: string;
  request: AdminRecalculateRequest;
  actor: AuditActor & { operatorId: string };
}): Promise<void> {
  const { db, effects, orderId, request, actor } = options;
  const comment = request.comment || null;
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new AppError(ErrorCode.NOT_FOUND);
    const [open] = await tx
      .select({ id: orderRecalculations.id })
      .from(orderRecalculations)
      .where(
        and(eq(orderRecalculations.orderId, orderId), eq(orderRecalculations.state, "proposed")),
      );
    // While the customer is asked, the question does not change under them: a second
    // recalculation (another operator's at the same moment, or a repeat) is refused. Once the
    // order has left `hold` by another move, the unanswered question is only superseded.
    const waiting = open !== undefined && order.status === AWAITING_ANSWER_STATUS;
    if (!canRecalculate(order.status) || waiting) {
      throw new AppError(ErrorCode.CONFLICT, {
        details: { exchange_status: order.status, ...(waiting ? { awaiting_answer: true } : {}) },
      });
    }
    await applyRecalculation({
      tx,
      order,
      receivedAmount: request.received_amount,
      comment,
      actor: { kind: "operator", operatorId: actor.operatorId, ip: actor.ip },
      appUrl: options.appUrl,
    });
  });
  await effects.afterCommit({ reserveChanged: true });
}
