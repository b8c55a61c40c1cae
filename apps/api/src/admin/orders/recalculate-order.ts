import { type AdminRecalculateRequest, AppError, ErrorCode } from "@obmen/contracts";
import { type Database, orderEvents, orderRecalculations, orders } from "@obmen/db";
import { AWAITING_ANSWER_STATUS, canRecalculate } from "@obmen/domain";
import { and, eq } from "drizzle-orm";
import { enqueueOrderMail, loadOrderMailDisplay } from "../../mail/index.ts";
import type { OrderEffects } from "../../orders/effects/order-effects.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";
import { moveHoldForRecalculation } from "./recalculate-hold.ts";
import { priceRecalculation } from "./recalculate-pricing.ts";

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
    const price = await priceRecalculation({
      tx,
      order,
      receivedAmount: request.received_amount,
    });
    const hold = await moveHoldForRecalculation({ tx, order, amount: price.receiveAmount });
    await tx
      .update(orderRecalculations)
      .set({ state: "superseded", answeredAt: new Date() })
      .where(
        and(eq(orderRecalculations.orderId, orderId), eq(orderRecalculations.state, "proposed")),
      );
    const [recalculation] = await tx
      .insert(orderRecalculations)
      .values({
        orderId,
        operatorId: actor.operatorId,
        previousSendAmount: order.sendAmount,
        previousReceiveAmount: order.receiveAmount,
        previousSendRate: order.sendRate,
        previousReceiveRate: order.receiveRate,
        previousComissionAmount: order.comissionAmount,
        sendAmount: price.sendAmount,
        receiveAmount: price.receiveAmount,
        sendRate: price.sendRate,
        receiveRate: price.receiveRate,
        comissionAmount: price.comissionAmount,
        comment,
      })
      .returning();
    const at = new Date();
    const [updated] = await tx
      .update(orders)
      .set({ ...price, status: AWAITING_ANSWER_STATUS, updatedAt: at })
      .where(eq(orders.id, orderId))
      .returning();
    // Not `effects.recordChange`: its letter is the plain "status changed" one, and this
    // one must carry both sets of amounts and ask for an answer.
    await tx.insert(orderEvents).values({
      orderId,
      status: AWAITING_ANSWER_STATUS,
      actorKind: "operator",
      actorId: actor.operatorId,
      comment,
      createdAt: at,
    });
    await enqueueOrderMail({
      tx,
      order: updated!,
      display: await loadOrderMailDisplay({ tx, order: updated! }),
      event: {
        type: "recalculated",
        previous: { sendAmount: order.sendAmount, receiveAmount: order.receiveAmount },
        comment,
      },
      appUrl: options.appUrl,
    });
    await writeAudit({
      tx,
      actor,
      action: "order.recalculate",
      targetType: "order",
      targetId: orderId,
      before: {
        status: order.status,
        send_amount: order.sendAmount,
        receive_amount: order.receiveAmount,
        send_rate: order.sendRate,
        receive_rate: order.receiveRate,
        comission_amount: order.comissionAmount,
        hold: hold.before,
      },
      after: {
        status: AWAITING_ANSWER_STATUS,
        recalculation_id: recalculation!.id,
        send_amount: price.sendAmount,
        receive_amount: price.receiveAmount,
        send_rate: price.sendRate,
        receive_rate: price.receiveRate,
        comission_amount: price.comissionAmount,
        hold: { amount: price.receiveAmount, state: "held" },
        ...(comment ? { comment } : {}),
      },
    });
  });
  await effects.afterCommit({ reserveChanged: true });
}
