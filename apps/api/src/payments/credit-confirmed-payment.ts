import {
  currencies,
  type Database,
  orderPaymentTargets,
  orders,
  paymentTransfers,
  type Transaction,
} from "@obmen/db";
import { canRecalculate, toDecimal } from "@obmen/domain";
import { and, eq, gte, isNull } from "drizzle-orm";
import { applyRecalculation } from "../admin/orders/apply-recalculation.ts";
import type { OrderEffects } from "../orders/effects/order-effects.ts";
import { changeOrderStatus } from "../orders/lifecycle/change-order-status.ts";
import { alertPaymentMismatch } from "./alert-payment-mismatch.ts";

export type CreditOutcome =
  /** Nothing newly confirmed: seen transfers wait for their confirmations. */
  | "waiting"
  /** The order became `paid` by the system. */
  | "credited"
  /** A different amount, or a late one: recalculated as an operator would (decision 035). */
  | "recalculated"
  /** Money arrived for an order the watcher cannot move (completed, cancelled…): an alert. */
  | "needs_operator";

/**
 * The one crediting path of a watched order (issue 28, decision 059), in one transaction under
 * the order's row lock, so replicas, restarts and repeated webhooks credit each transaction
 * once: it acts only when a transfer is confirmed and not yet credited, and marks every
 * confirmed transfer credited in the same transaction.
 *
 * - `new`, in time (its rate lock lasts, or a transfer was seen before it ended): the confirmed
 *   sum equal to the order's amount makes it `paid` with the `system` actor and the
 *   transactions in its history; more is an overpayment; less waits for a second transfer
 *   until the lock ends.
 * - `new` past its lock with nothing seen in time, or `expired`: a late payment.
 * - `paid` (the customer's claim), `hold`, `error`: the sum equal to the order's amount is
 *   credited as it stands; any other sum is a different amount.
 * - A different amount or a late payment is the operator's recalculation (decision 035) at the
 *   confirmed sum, with the `system` actor: it adds up every confirmed transfer, so a second
 *   transfer raises it again.
 * - Anything else (processing, completed, cancelled, refunded): recorded, and an operator told.
 */
export async function creditConfirmedPayment(options: {
  db: Database;
  effects: OrderEffects;
  appUrl: string;
  orderId: string;
  now?: Date;
}): Promise<{ outcome: CreditOutcome; total?: string; txIds?: string[] }> {
  const { db, effects, orderId } = options;
  const now = options.now ?? new Date();
  const result = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    const [target] = await tx
      .select()
      .from(orderPaymentTargets)
      .where(eq(orderPaymentTargets.orderId, orderId));
    if (!order || !target) return { outcome: "waiting" as const };
    const transfers = await tx
      .select()
      .from(paymentTransfers)
      .where(eq(paymentTransfers.orderId, orderId));
    const confirmed = transfers.filter(
      (transfer) => transfer.confirmations >= target.requiredConfirmations,
    );
    if (!confirmed.some((transfer) => transfer.creditedAt === null)) {
      return { outcome: "waiting" as const };
    }
    const total = confirmed.reduce((sum, transfer) => sum.plus(transfer.amount), toDecimal("0"));
    const txIds = confirmed.map((transfer) => transfer.txId);
    const inTime =
      order.status === "new" &&
      (order.expiresAt > now || transfers.some((transfer) => transfer.seenAt <= order.expiresAt));
    const exact = total.eq(target.amount);

    if (inTime) {
      if (total.lt(target.amount) && order.expiresAt > now) return { outcome: "waiting" as const };
      if (exact) {
        await changeOrderStatus({
          tx,
          effects,
          orderId,
          to: "paid",
          actor: "system",
          comment: txIds.join(", "),
        });
        await markCredited(tx, orderId, target.requiredConfirmations, now);
        return { outcome: "credited" as const, total: total.toFixed(), txIds };
      }
    }
    const late = !inTime && (order.status === "new" || order.status === "expired");
    if (!inTime && order.status === "new") {
      // Late: the order expires first (its hold released), then the late payment takes it back.
      await changeOrderStatus({ tx, effects, orderId, to: "expired", actor: "system" });
      order.status = "expired";
    } else if (
      canRecalculate(order.status) &&
      order.status !== "expired" &&
      // The order's amount as the customer was asked, or as an operator recalculated it.
      (exact || total.eq(order.sendAmount))
    ) {
      await markCredited(tx, orderId, target.requiredConfirmations, now);
      return { outcome: "credited" as const, total: total.toFixed(), txIds };
    }

    const currency = await sendCurrencyOf(tx, order.sendCurrencyId);
    const alert = (kind: Parameters<typeof alertPaymentMismatch>[0]["kind"]) =>
      alertPaymentMismatch({
        tx,
        orderId,
        kind,
        amount: total.toFixed(),
        expected: target.amount,
        currencyCode: currency.code,
        txIds,
        appUrl: options.appUrl,
      });
    if (!canRecalculate(order.status) && order.status !== "new") {
      await markCredited(tx, orderId, target.requiredConfirmations, now);
      await alert({ needsOperator: order.status });
      return { outcome: "needs_operator" as const, total: total.toFixed(), txIds };
    }
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId));
    // The send currency's places: a unique TRON amount's extra millionths are not the order's.
    const received = total.round(currency.decimals, 0).toFixed();
    await applyRecalculation({
      tx,
      order: locked!,
      receivedAmount: received,
      comment: txIds.join(", "),
      actor: { kind: "system" },
      appUrl: options.appUrl,
    });
    await markCredited(tx, orderId, target.requiredConfirmations, now);
    await alert(late ? "late" : "mismatch");
    return { outcome: "recalculated" as const, total: total.toFixed(), txIds };
  });
  if (result.outcome === "credited" || result.outcome === "recalculated") {
    await effects.afterCommit({ reserveChanged: true });
  }
  return result;
}

/** Marks the confirmed transfers credited; those still confirming wait for their turn. */
async function markCredited(tx: Transaction, orderId: string, required: number, now: Date) {
  await tx
    .update(paymentTransfers)
    .set({ creditedAt: now })
    .where(
      and(
        eq(paymentTransfers.orderId, orderId),
        isNull(paymentTransfers.creditedAt),
        gte(paymentTransfers.confirmations, required),
      ),
    );
}

async function sendCurrencyOf(tx: Transaction, currencyId: number) {
  const [currency] = await tx
    .select({ decimals: currencies.decimals, code: currencies.currencyCode })
    .from(currencies)
    .where(eq(currencies.id, currencyId));
  return currency!;
}
