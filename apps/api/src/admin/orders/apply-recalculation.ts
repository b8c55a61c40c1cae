import { orderEvents, orderRecalculations, orders, type Transaction } from "@obmen/db";
import { AWAITING_ANSWER_STATUS } from "@obmen/domain";
import { and, eq } from "drizzle-orm";
import { enqueueOrderMail, loadOrderMailDisplay } from "../../mail/index.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { moveHoldForRecalculation } from "./recalculate-hold.ts";
import { priceRecalculation } from "./recalculate-pricing.ts";

/** Who recalculates: an operator at the console, or the payment watcher (issue 28). */
export type RecalculationActor =
  | { kind: "operator"; operatorId: string; ip: string | null }
  | { kind: "system" };

/**
 * The recalculation itself (decision 035), inside the caller's transaction with the order row
 * already locked and its status checked: the new amounts quoted by the create's rules, the
 * reserve hold moved to the new receive amount (409 INSUFFICIENT_RESERVE when it does not fit),
 * an open question superseded, the order rewritten and put in `hold`, the event with its
 * actor, the customer's letter and the audit row. The console's action and the watcher's
 * wrong-amount and late-payment path are this one function (DESIGN.md "One crediting path").
 */
export async function applyRecalculation(options: {
  tx: Transaction;
  order: typeof orders.$inferSelect;
  /** What arrived, in the send currency; absent: the order's own amount, paid late. */
  receivedAmount?: string;
  comment: string | null;
  actor: RecalculationActor;
  appUrl: string;
}): Promise<{ recalculationId: number }> {
  const { tx, order, actor, comment } = options;
  const orderId = order.id;
  const price = await priceRecalculation({
    tx,
    order,
    receivedAmount: options.receivedAmount,
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
      operatorId: actor.kind === "operator" ? actor.operatorId : null,
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
    actorKind: actor.kind,
    actorId: actor.kind === "operator" ? actor.operatorId : null,
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
    actor: actor.kind === "operator" ? actor : { operatorId: null, ip: null },
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
  return { recalculationId: recalculation!.id };
}
