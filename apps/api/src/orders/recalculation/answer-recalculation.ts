import { AppError, ErrorCode, type OrderStatus } from "@obmen/contracts";
import {
  currencies,
  type Database,
  orderEvents,
  orderRecalculations,
  orders,
  paySystems,
  type Transaction,
} from "@obmen/db";
import {
  canAnswerRecalculation,
  maskFieldValue,
  type RecalculationAnswer,
  refundFieldType,
  statusAfterAnswer,
  validateOrderField,
} from "@obmen/domain";
import { and, desc, eq } from "drizzle-orm";
import type { OrderCreatorKeys } from "../creator/creator-keys.ts";
import { checkOrderMover, type OrderMoverProof } from "../creator/order-mover-proof.ts";
import type { OrderEffects } from "../effects/order-effects.ts";

/**
 * The customer's answer to a recalculation (decision 035), a signed call like every order
 * call: `accept` continues the order at the new amounts (`processing`, with the usual status
 * letter); `refund` records where the money should go back and leaves the order in `hold` for
 * an operator, who sends it and marks the order `refunded` (which releases the hold). Under the
 * order's row lock, only the newest proposal of an order still waiting is answered: a stale
 * page (the operator recalculated again, or the other answer came first) gets 409 CONFLICT.
 * Each answer is an event with the customer as actor.
 */
export async function answerRecalculation(options: {
  db: Database;
  effects: OrderEffects;
  orderId: string;
  recalculationId: number;
  answer: RecalculationAnswer;
  refundTo?: string;
  proof: OrderMoverProof;
  keys: OrderCreatorKeys;
}): Promise<{ exchange_uuid: string; exchange_status: OrderStatus }> {
  const { db, effects, orderId, answer } = options;
  const result = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new AppError(ErrorCode.NOT_FOUND);
    // Where a refund goes is the customer's to say, not the link holder's (decision 052).
    checkOrderMover({ order, proof: options.proof, keys: options.keys });
    const [latest] = await tx
      .select()
      .from(orderRecalculations)
      .where(eq(orderRecalculations.orderId, orderId))
      .orderBy(desc(orderRecalculations.id))
      .limit(1);
    if (
      !latest ||
      latest.id !== options.recalculationId ||
      !canAnswerRecalculation({ status: order.status, state: latest.state })
    ) {
      throw new AppError(ErrorCode.CONFLICT, { details: { exchange_status: order.status } });
    }
    const refundTo = answer === "refund" ? await checkRefundTo(tx, order, options.refundTo) : null;
    const at = new Date();
    await tx
      .update(orderRecalculations)
      .set({
        state: answer === "accept" ? "accepted" : "refund_requested",
        refundTo,
        answeredAt: at,
      })
      .where(and(eq(orderRecalculations.id, latest.id), eq(orderRecalculations.state, "proposed")));
    const to = statusAfterAnswer(answer);
    if (answer === "accept") {
      // The customer's one move besides "paid" and "cancel", allowed by the open proposal
      // (checked above) rather than by the state machine's customer table: from `hold` a
      // customer may do nothing else. The hold already holds the new amount.
      const [updated] = await tx
        .update(orders)
        .set({ status: to, updatedAt: at })
        .where(eq(orders.id, orderId))
        .returning();
      await effects.recordChange({ tx, order: updated!, status: to, actor: "customer", at });
    } else {
      // The status stays; the request is the customer's event in the history.
      await tx.insert(orderEvents).values({
        orderId,
        status: to,
        actorKind: "customer",
        // The history is shown to anyone with the order's link: a card stays masked there
        // (decision 023); the operator reads it whole in the recalculation.
        comment: refundTo && maskFieldValue({ value: refundTo, type: undefined }),
        createdAt: at,
      });
    }
    return { exchange_uuid: orderId, exchange_status: to };
  });
  return result;
}

/** The refund's details, checked like an order field of the send currency's kind. */
async function checkRefundTo(
  tx: Transaction,
  order: typeof orders.$inferSelect,
  value: string | undefined,
): Promise<string> {
  const [currency] = await tx
    .select({ kind: currencies.kind, network: paySystems.networkCode })
    .from(currencies)
    .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
    .where(eq(currencies.id, order.sendCurrencyId));
  const checked = validateOrderField({
    type: refundFieldType(currency?.kind ?? "ewallet"),
    network: currency?.network ?? null,
    value: value ?? "",
  });
  if (!checked.ok) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: {
        refund_to:
          checked.reason === "required"
            ? { key: "Validation.required", field: "refund_to" }
            : { key: `OrderField.${checked.reason}` },
      },
    });
  }
  return checked.normalized;
}
