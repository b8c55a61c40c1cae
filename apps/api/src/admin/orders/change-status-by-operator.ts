import {
  type AdminChangeOrderStatusRequest,
  AppError,
  ErrorCode,
  type FieldProblem,
} from "@obmen/contracts";
import {
  type Database,
  type OperatorRoleName,
  orderPayouts,
  orderRefunds,
  orders,
} from "@obmen/db";
import { reserveHoldEffect } from "@obmen/domain";
import { eq } from "drizzle-orm";
import type { AffiliateSettings } from "../../affiliate/affiliate-settings.ts";
import { affiliateOnOrderStatus } from "../../affiliate/rewards/on-order-status.ts";
import type { OrderEffects } from "../../orders/effects/order-effects.ts";
import { changeOrderStatus } from "../../orders/lifecycle/change-order-status.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";
import { isAdminOnlyMove } from "./operator-moves.ts";

type Request = AdminChangeOrderStatusRequest;

/**
 * An operator moves an order (`POST /admin/api/orders/{uuid}/status`): taken into processing,
 * completed with the payout's reference, held with the reason, error, refunded, cancelled.
 * One transaction holds all of it (decision 006 and 028): the order row locked and the move
 * checked by the state machine (409 CONFLICT otherwise, so of two operators racing only one
 * wins), the reserve hold released or consumed, the history event with the operator as actor,
 * the customer's letter in the order's language, the payout reference and the audit row.
 * A refund after completion (decision 039) is an admin's only (409 otherwise), needs the
 * reason, reverses the partner's reward and moves no reserve. Every refund says where the money
 * went back and its reference (issue 26 point 10), kept beside the order's history.
 */
export async function changeStatusByOperator(options: {
  db: Database;
  effects: OrderEffects;
  /** The affiliate programme's terms: a completion credits the referring partner. */
  affiliate: AffiliateSettings;
  orderId: string;
  request: Request;
  actor: AuditActor & { operatorId: string; role: OperatorRoleName };
}): Promise<void> {
  const { db, effects, orderId, request, actor } = options;
  const comment = request.comment || null;
  const payoutReference = request.payout_reference || null;
  const refund =
    request.refund_to || request.refund_reference
      ? { refundTo: request.refund_to || null, reference: request.refund_reference || null }
      : null;
  requireDetails(request.status, { comment, payoutReference, refund });

  const from = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!before) throw new AppError(ErrorCode.NOT_FOUND);
    if (isAdminOnlyMove({ from: before.status, to: request.status })) {
      // For anyone else a completed order stays terminal: the same 409 as any move the state
      // machine refuses, so an operator whose refund of a processing order lost the race to a
      // completion is told the order moved, and the console reloads it.
      if (actor.role !== "admin") {
        throw new AppError(ErrorCode.CONFLICT, { details: { exchange_status: before.status } });
      }
      // The reason is checked here, once the order is known to be completed: the customer's
      // letter and the audit row carry it.
      if (!comment) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, {
          fields: { comment: { key: "AdminErrors.ReasonRequired" } },
        });
      }
    }
    const updated = await changeOrderStatus({
      tx,
      effects,
      orderId,
      to: request.status,
      actor: "operator",
      actorId: actor.operatorId,
      comment,
      payoutReference,
    });
    // The partner's reward (or its reversal) commits or rolls back with the move (decision 029).
    if (updated)
      await affiliateOnOrderStatus({
        tx,
        order: updated,
        to: request.status,
        settings: options.affiliate,
      });
    if (request.status === "completed" && payoutReference) {
      await tx
        .insert(orderPayouts)
        .values({ orderId, reference: payoutReference, operatorId: actor.operatorId });
    }
    if (request.status === "refunded" && refund?.refundTo && refund.reference) {
      await tx.insert(orderRefunds).values({
        orderId,
        refundTo: refund.refundTo,
        reference: refund.reference,
        operatorId: actor.operatorId,
      });
    }
    await writeAudit({
      tx,
      actor: { operatorId: actor.operatorId, ip: actor.ip },
      action: "order.status",
      targetType: "order",
      targetId: orderId,
      before: { status: before.status },
      after: {
        status: request.status,
        ...(comment ? { comment } : {}),
        ...(payoutReference ? { payout_reference: payoutReference } : {}),
        ...(refund ? { refund_to: refund.refundTo, refund_reference: refund.reference } : {}),
      },
    });
    return before.status;
  });
  await effects.afterCommit({
    reserveChanged: reserveHoldEffect({ from, to: request.status }) !== "keep",
  });
}

/**
 * What each move must carry: a completion names its payout and a refund where the money went
 * back and its reference (the customer and a later dispute need them); a hold and an error
 * tell the customer why, in the letter.
 */
function requireDetails(
  status: Request["status"],
  given: {
    comment: string | null;
    payoutReference: string | null;
    refund: { refundTo: string | null; reference: string | null } | null;
  },
) {
  const fields: Record<string, FieldProblem> = {};
  if (status === "completed" && !given.payoutReference) {
    fields.payout_reference = { key: "Validation.required", field: "payout_reference" };
  }
  if (status === "refunded") {
    if (!given.refund?.refundTo) {
      fields.refund_to = { key: "Validation.required", field: "refund_to" };
    }
    if (!given.refund?.reference) {
      fields.refund_reference = { key: "Validation.required", field: "refund_reference" };
    }
  } else if (given.refund) {
    const key = given.refund.refundTo ? "refund_to" : "refund_reference";
    fields[key] = { key: "AdminErrors.RefundOnlyOnRefund" };
  }
  if ((status === "hold" || status === "error") && !given.comment) {
    fields.comment = { key: "AdminErrors.ReasonRequired" };
  }
  if (status !== "completed" && given.payoutReference) {
    fields.payout_reference = { key: "AdminErrors.PayoutOnlyOnCompletion" };
  }
  if (Object.keys(fields).length > 0) throw new AppError(ErrorCode.VALIDATION_FAILED, { fields });
}
